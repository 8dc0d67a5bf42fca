import Foundation

/// A UUID made from another program's identifier that is not one (an iCalendar `UID` such as
/// `1234@example.com`), the same every time, so that importing the same file again updates its
/// tasks instead of adding them twice: two FNV-1a hashes of the text, as a version 8 UUID (RFC 9562).
enum StableIdentity {
    /// The identity of a task whose iCalendar `UID` is `uid`: the UUID it is, or one made from it.
    static func id(forUID uid: String) -> UUID {
        UUID(text: uid.utf8) ?? uuid(for: uid)
    }

    static func uuid(for text: String) -> UUID {
        var first: UInt64 = 0xCBF2_9CE4_8422_2325
        var second: UInt64 = 0x6C62_272E_07BB_0142
        for byte in text.utf8 {
            first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 &+ 0x9E37_79B9_7F4A_7C15
        }
        let high = (first & ~0xF000) | 0x8000
        let low = (second & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        var bytes = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)).uuid
        withUnsafeMutableBytes(of: &bytes) { raw in
            raw.storeBytes(of: high.bigEndian, toByteOffset: 0, as: UInt64.self)
            raw.storeBytes(of: low.bigEndian, toByteOffset: 8, as: UInt64.self)
        }
        return UUID(uuid: bytes)
    }
}
