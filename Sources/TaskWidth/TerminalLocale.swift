#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's character-type locale, which libedit and `wcwidth` depend on.
public enum TerminalLocale {
    /// Adopts the user's locale for character types and falls back to `C.UTF-8` when its
    /// character set is not UTF-8: without a UTF-8 locale libedit drops every non-ASCII byte
    /// and `wcwidth` knows no wide characters. Returns whether a UTF-8 locale is in effect.
    @discardableResult
    public static func useUTF8() -> Bool {
        setlocale(LC_CTYPE, "")
        if isUTF8 { return true }
        setlocale(LC_CTYPE, "C.UTF-8")
        return isUTF8
    }

    /// Whether the current character-type locale encodes text as UTF-8.
    public static var isUTF8: Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).uppercased()
        return name == "UTF-8" || name == "UTF8"
    }
}
