/// The fenced code blocks of a Markdown file, line by line (CommonMark 0.31, §4.5): a fence is a
/// run of at least three backticks or tildes indented by up to three spaces (a backtick fence's
/// info string has no backtick); the block ends at a fence of the same character, at least as
/// long, with nothing after it but spaces and tabs, or at the end of the file. What is inside is
/// code, never a task list item.
struct MarkdownFences {
    /// The fence of the block the lines are in: its character and its length.
    private var open: (character: UInt8, length: Int)?

    /// Whether `line`, the next line of the file, is part of a fenced code block (its fences
    /// included).
    mutating func isCode(_ line: ArraySlice<UInt8>) -> Bool {
        let indent = line.prefix { $0 == 0x20 }.count
        let rest = line.dropFirst(indent)
        guard indent <= 3, let character = rest.first, character == UInt8(ascii: "`") || character == UInt8(ascii: "~") else {
            return open != nil
        }
        let length = rest.prefix { $0 == character }.count
        let after = rest.dropFirst(length)
        if let fence = open {
            if character == fence.character, length >= fence.length, after.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                open = nil
            }
            return true
        }
        guard length >= 3, character == UInt8(ascii: "~") || !after.contains(UInt8(ascii: "`")) else { return false }
        open = (character, length)
        return true
    }
}
