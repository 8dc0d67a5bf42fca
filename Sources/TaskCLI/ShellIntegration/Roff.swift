/// Text for roff, the man page's typesetter (`man(7)`): escaped so that it prints as written.
enum Roff {
    /// `text` as roff input: `\` and `-` escaped (a plain `-` may print as a hyphen, and copying an
    /// option from the page would then fail), every character outside ASCII as its code point
    /// (`\[u2026]`: groff reads its input as Latin-1 unless told otherwise), spans between backticks
    /// in bold (unless `literal`: then a backtick is one), and a line that would start with `.` or `'`
    /// (a request) protected.
    static func text(_ text: String, literal: Bool = false) -> String {
        var result = ""
        var inBold = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            case "`" where literal: result += "\\(ga"
            case "`":
                result += inBold ? "\\fR" : "\\fB"
                inBold.toggle()
            case _ where scalar.isASCII: result.unicodeScalars.append(scalar)
            default: result += "\\[u" + hex(scalar.value) + "]"
            }
        }
        if inBold { result += "\\fR" }
        return protectingRequests(result)
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// Lines starting with `.` or `'` preceded by `\&`, so that roff prints them instead of running them.
    private static func protectingRequests(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.first == "." || $0.first == "'" ? "\\&" + $0 : String($0) }
            .joined(separator: "\n")
    }
}
