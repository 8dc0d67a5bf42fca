import Foundation

extension UUID {
    /// The UUID in lower case, as Taskwarrior and most tools write it (`ab0690f0-9b11-…`).
    var lowercasedText: String {
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        return withUnsafeBytes(of: uuid) { raw in
            String(unsafeUninitializedCapacity: 36) { buffer in
                var out = 0
                for (index, byte) in raw.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        buffer[out] = UInt8(ascii: "-")
                        out += 1
                    }
                    buffer[out] = hex[Int(byte >> 4)]
                    buffer[out + 1] = hex[Int(byte & 0x0F)]
                    out += 2
                }
                return out
            }
        }
    }

    /// Reads a UUID in either case from its 36 characters; nil when they are not one.
    init?(text: some Collection<UInt8>) {
        guard text.count == 36 else { return nil }
        var bytes = [UInt8](repeating: 0, count: 16)
        var index = 0
        var high: UInt8?
        for (position, character) in text.enumerated() {
            if position == 8 || position == 13 || position == 18 || position == 23 {
                guard character == UInt8(ascii: "-") else { return nil }
                continue
            }
            let nibble: UInt8
            switch character {
            case 0x30...0x39: nibble = character - 0x30
            case 0x61...0x66: nibble = character - 0x61 + 10
            case 0x41...0x46: nibble = character - 0x41 + 10
            default: return nil
            }
            if let first = high {
                bytes[index] = first << 4 | nibble
                index += 1
                high = nil
            } else {
                high = nibble
            }
        }
        self = bytes.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
    }
}
