import Foundation

#if !FUZZING
/// Without libFuzzer (a plain `swift build`), TaskImportFuzz replays the files it is given:
/// `make fuzz-replay` runs the seeds of `Fuzz/imports`, and a crashing input replays under a debugger.
///
/// `make fuzz` compiles with `-DFUZZING` and libFuzzer, which brings its own `main`.
@main
struct ImportFuzzReplay {
    static func main() {
        for path in CommandLine.arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("TaskImportFuzz: cannot read \(path)\n".utf8))
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
