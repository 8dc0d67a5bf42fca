/// The process's own arguments, as `ps` and `/proc/PID/cmdline` show them to every user of the machine.
public enum ProcessArguments {
    /// Overwrites the bytes of each of `ranges` (UTF-8 offsets) in the process's arguments that equal
    /// `value`, or `prefix` and `value` (`--db=…`), with `x`, as the mysql client does with a password:
    /// `ps` shows them so from then on. What the program read of its arguments before is kept.
    public static func blank(_ ranges: [Range<Int>], ofEvery value: String, orWithPrefix prefix: String) {
        guard !ranges.isEmpty else { return }
        let arguments = CommandLine.unsafeArgv
        for index in 1..<Int(CommandLine.argc) {
            guard let argument = arguments[index] else { continue }
            let text = String(cString: argument)
            let offset: Int
            if text == value {
                offset = 0
            } else if text.hasPrefix(prefix), text.dropFirst(prefix.count) == value {
                offset = prefix.utf8.count
            } else {
                continue
            }
            for range in ranges where offset + range.upperBound <= text.utf8.count {
                for byte in range { argument[offset + byte] = CChar(UInt8(ascii: "x")) }
            }
        }
    }
}
