import Foundation

/// Makes task identities: UUIDs of version 7 (RFC 9562), whose first 48 bits are the time in
/// milliseconds, so that identities made one after another sort together and an index of them
/// grows at one end; the other 74 bits are random.
///
/// The random bits come from a SplitMix64 sequence seeded once from the system: Foundation's
/// `UUID()` reads `/dev/urandom` each time (three system calls), which tripled the time of a
/// 100,000-line script. Identities need to be unique, not unpredictable. Within one millisecond the
/// random bits count up from where they started (RFC 9562's monotonic method), so that a script's
/// identities are in order and its index is appended to, not split page after page. Every backend
/// makes its identities here.
public struct IdentityGenerator: Sendable {
    private var state: UInt64
    /// The millisecond and the 12 + 62 random bits of the latest identity.
    private var last: (milliseconds: UInt64, high: UInt64, low: UInt64) = (0, 0, 0)

    /// A generator seeded from the system's random numbers.
    public init() {
        var system = SystemRandomNumberGenerator()
        state = system.next()
    }

    /// A new identity made at `time`.
    public mutating func next(at time: Date) -> UUID {
        let milliseconds = UInt64(max(0, time.timeIntervalSince1970 * 1000)) & 0xFFFF_FFFF_FFFF
        if milliseconds > last.milliseconds || last.high > 0x0FFE {
            last = (max(milliseconds, last.milliseconds), nextRandom() & 0x07FF, nextRandom() >> 2)
        } else if last.low == 0x3FFF_FFFF_FFFF_FFFF {
            last.high += 1
            last.low = 0
        } else {
            last.low += 1
        }
        let high = last.milliseconds << 16 | 0x7000 | last.high
        let low = 0x8000_0000_0000_0000 | last.low
        var bytes = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)).uuid
        withUnsafeMutableBytes(of: &bytes) { raw in
            raw.storeBytes(of: high.bigEndian, toByteOffset: 0, as: UInt64.self)
            raw.storeBytes(of: low.bigEndian, toByteOffset: 8, as: UInt64.self)
        }
        return UUID(uuid: bytes)
    }

    private mutating func nextRandom() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
