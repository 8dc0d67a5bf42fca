import Foundation
import TaskSystem
import TaskTestSupport
import Testing

/// `Posix.readAll`, which `import` reads through: everything up to its limit, from a file or a
/// pipe, and a refusal past it.
@Suite struct ReadAllTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    @Test func aFileOfExactlyTheLimitIsReadAndOneByteMoreIsRefused() throws {
        let path = folder.file("ten")
        #expect(FileManager.default.createFile(atPath: path, contents: Data("0123456789".utf8)))
        #expect(Posix.readAll(path: path, limit: 10) == .success(Array("0123456789".utf8)))
        #expect(Posix.readAll(path: path, limit: 9) == .failure(.tooLarge(limit: 9)))
    }

    @Test func aPipeOfExactlyTheLimitIsReadAndOneByteMoreIsRefused() throws {
        signal(SIGPIPE, SIG_IGN) // the writer finds the pipe closed once the limit is passed
        for (count, limit) in [(10, 10), (11, 10), (200_000, 200_000), (200_001, 200_000)] {
            var ends: [Int32] = [-1, -1]
            #expect(pipe(&ends) == 0)
            let bytes = [UInt8](repeating: 0x61, count: count)
            let writeEnd = ends[1]
            let writer = Thread {
                bytes.withUnsafeBytes { buffer in
                    var written = 0
                    while written < buffer.count {
                        let step = write(writeEnd, buffer.baseAddress! + written, buffer.count - written)
                        if step <= 0 { break }
                        written += step
                    }
                }
                close(writeEnd)
            }
            writer.start()
            let read = Posix.readAll(path: nil, descriptor: ends[0], limit: limit)
            close(ends[0])
            #expect(read == (count <= limit ? .success(bytes) : .failure(.tooLarge(limit: limit))), "\(count) bytes")
        }
    }

    @Test func aFolderAFIFOAndADeviceAreNotOpened() throws {
        let fifo = folder.file("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(Posix.readAll(path: fifo, limit: 10) == .failure(.notAFile(.fifo)))
        #expect(Posix.readAll(path: "/dev/zero", limit: 10) == .failure(.notAFile(.characterDevice)))
        #expect(Posix.readAll(path: folder.path, limit: 10) == .failure(.notAFile(.folder)))
    }
}
