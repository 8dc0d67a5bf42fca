/// FNV-1a over 64 bits: the same number in every run and on every machine, unlike Swift's
/// `Hasher`, for what is kept in files (a pairing file's name, a task's fingerprint).
public struct StableHash: Sendable {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    /// Adds the UTF-8 bytes of `text`.
    public mutating func add(_ text: String) {
        for byte in text.utf8 { value = (value ^ UInt64(byte)) &* 0x100_0000_01b3 }
    }

    /// Adds a byte no UTF-8 text holds, so that `ab`,`c` and `a`,`bc` differ.
    public mutating func addSeparator() {
        value = (value ^ 0xFF) &* 0x100_0000_01b3
    }
}
