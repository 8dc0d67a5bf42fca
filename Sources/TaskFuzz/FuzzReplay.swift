import Foundation

#if !FUZZING
/// Without libFuzzer (a plain `swift build`), TaskFuzz replays the files it is given, so that a
/// crashing input can be reproduced under a debugger: `TaskFuzz crash-…`.
///
/// `make fuzz` compiles with `-DFUZZING` and libFuzzer, which brings its own `main`.
@main
struct FuzzReplay {
    static func main() {
        for path in CommandLine.arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("TaskFuzz: cannot read \(path)\n".utf8))
                exit(1)
            }
            data.withUnsafeBytes { raw in
                _ = fuzzTestOneInput(raw.bindMemory(to: UInt8.self).baseAddress, raw.count)
            }
            print("\(path): ok")
        }
    }
}
#endif
