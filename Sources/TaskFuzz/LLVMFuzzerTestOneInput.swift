/// libFuzzer's entry point: runs one input through the presenter (see `FuzzCase`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzCase(bytes: UnsafeBufferPointer(start: data, count: size)).run()
    return 0
}
