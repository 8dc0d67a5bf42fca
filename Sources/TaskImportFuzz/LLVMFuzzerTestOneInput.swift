/// libFuzzer's entry point: reads one input as a file of one of the formats (see `ImportFuzzCase`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    ImportFuzzCase(bytes: UnsafeBufferPointer(start: data, count: size)).run()
    return 0
}
