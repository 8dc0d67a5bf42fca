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
        return Self.uuid(high: last.milliseconds << 16 | 0x7000 | last.high, low: 0x8000_0000_0000_0000 | last.low)
    }

    /// The identity of the task that follows the recurring task `id` checked off when it was due
    /// `due` (nil: it had no due date): the same in every process and on every machine (a UUID of
    /// version 8 made of both), so that two copies of a list (synced with the same CalDAV task
    /// list) that both check the task off make the same next task, which a sync then finds on both
    /// sides as one: it was made twice, and came back doubled (found by an independent tester). It
    /// is the due checked off, not the next one's: two copies a day apart (Auckland's and Berlin's)
    /// count an overdue series' next day from their own today, and a series counted from its
    /// check-off from their own moment, and made two (found by another). A time is the series'
    /// clock's, in `zone`, the one it counts in: a series due at 02:30 wherever one is (floating),
    /// checked off in Berlin and in Auckland, is one due at two moments (found by another).
    public static func follower(of id: UUID, checkedOffWhenDue due: Due?, in zone: TimeZone) -> UUID {
        var bytes = Array(withUnsafeBytes(of: id.uuid) { Array($0) })
        switch due {
        case let .day(day)?: bytes += Array("day \(day.daysSince1970)".utf8)
        case let .instant(instant)?:
            let (hour, minute) = CalendarDay.time(of: instant, in: zone)
            bytes += Array("clock \(CalendarDay(instant, in: zone).daysSince1970) \(hour * 60 + minute)".utf8)
        case nil: bytes += Array("undated".utf8)
        }
        // Two FNV-1a hashes of different starts, each mixed as SplitMix64 finishes.
        func hash(_ start: UInt64) -> UInt64 {
            mixed(bytes.reduce(start) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 })
        }
        return uuid(high: hash(0xcbf2_9ce4_8422_2325) & ~0xF000 | 0x8000,
                    low: hash(0x6c62_272e_07bb_0142) & 0x3FFF_FFFF_FFFF_FFFF | 0x8000_0000_0000_0000)
    }

    /// The UUID of these 128 bits, `high` first.
    private static func uuid(high: UInt64, low: UInt64) -> UUID {
        var bytes = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)).uuid
        withUnsafeMutableBytes(of: &bytes) { raw in
            raw.storeBytes(of: high.bigEndian, toByteOffset: 0, as: UInt64.self)
            raw.storeBytes(of: low.bigEndian, toByteOffset: 8, as: UInt64.self)
        }
        return UUID(uuid: bytes)
    }

    /// SplitMix64's finish: every bit of `value` stirred into every bit of the result.
    private static func mixed(_ value: UInt64) -> UInt64 {
        var mixed = value
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    private mutating func nextRandom() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mixed(state)
    }
}
