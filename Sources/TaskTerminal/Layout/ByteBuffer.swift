/// A growable buffer of bytes written through a pointer: where `ListFormatter` lays out a list
/// before handing it on in chunks. Appending is a capacity check and a copy, with none of the
/// uniqueness checks and reference counting of an `Array`.
struct ByteBuffer: ~Copyable {
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes the buffer holds.
    private(set) var count = 0

    /// An empty buffer with room for `capacity` bytes before it grows.
    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        start = .allocate(capacity: self.capacity)
    }

    deinit {
        start.deallocate()
    }

    /// Appends `bytes`.
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress else { return }
        reserve(bytes.count)
        UnsafeMutableRawPointer(start + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    /// Appends `bytes`.
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        append(UnsafeRawBufferPointer(bytes))
    }

    /// Appends `bytes`.
    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// Appends `byte`, `repeating` times.
    mutating func append(_ byte: UInt8, repeating times: Int = 1) {
        guard times > 0 else { return }
        reserve(times)
        (start + count).update(repeating: byte, count: times)
        count += times
    }

    /// Appends `number` in decimal, right-aligned in `width` columns, its digits between `start`
    /// and `end` (colour codes, or nothing).
    mutating func appendNumber(_ number: Int, width: Int, between start: [UInt8], _ end: [UInt8]) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0) // room for Int.min's 20 digits and sign
        let length = withUnsafeMutableBytes(of: &digits) { scratch -> Int in
            var magnitude = number.magnitude
            var first = scratch.count
            repeat {
                first -= 1
                scratch[first] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if number < 0 {
                first -= 1
                scratch[first] = UInt8(ascii: "-")
            }
            return scratch.count - first
        }
        append(UInt8(ascii: " "), repeating: width - length)
        if !start.isEmpty { append(start) }
        withUnsafeBytes(of: &digits) { append(UnsafeRawBufferPointer(rebasing: $0[($0.count - length)...])) }
        if !end.isEmpty { append(end) }
    }

    /// Calls `body` with the bytes held, valid only during the call.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        body(UnsafeBufferPointer(start: start, count: count))
    }

    /// Empties the buffer, keeping its room.
    mutating func removeAll() {
        count = 0
    }

    private mutating func reserve(_ more: Int) {
        guard count + more > capacity else { return }
        let grown = max(capacity * 2, count + more)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        moved.moveInitialize(from: start, count: count)
        start.deallocate()
        start = moved
        capacity = grown
    }
}
