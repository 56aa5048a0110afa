private import CYajl

/// The ceiling for JSON decoding: yajl on the same bytes and chunk size, with callbacks that do nothing but
/// continue (numbers through the raw-number callback, as FeedStream reads them).
enum YajlCeiling {
    /// Parses `bytes` in `chunkSize` pieces and returns the number of map keys seen.
    static func parse(_ bytes: UnsafeRawBufferPointer, chunkSize: Int, multipleValues: Bool = false) -> Int {
        var callbacks = yajl_callbacks()
        callbacks.yajl_null = { _ in 1 }
        callbacks.yajl_boolean = { _, _ in 1 }
        callbacks.yajl_number = { _, _, _ in 1 }
        callbacks.yajl_string = { _, _, _ in 1 }
        callbacks.yajl_start_map = { _ in 1 }
        callbacks.yajl_map_key = { context, _, _ in
            context!.assumingMemoryBound(to: Int.self).pointee += 1
            return 1
        }
        callbacks.yajl_end_map = { _ in 1 }
        callbacks.yajl_start_array = { _ in 1 }
        callbacks.yajl_end_array = { _ in 1 }
        var keys = 0
        withUnsafeMutablePointer(to: &keys) { counter in
            let handle = yajl_alloc(&callbacks, nil, counter)!
            if multipleValues { _ = feedstream_yajl_allow_multiple_values(handle) }
            var offset = 0
            while offset < bytes.count {
                let length = min(chunkSize, bytes.count - offset)
                let status = yajl_parse(
                    handle, (bytes.baseAddress! + offset).assumingMemoryBound(to: UInt8.self), length)
                precondition(status == yajl_status_ok, "the ceiling rejected the benchmark input")
                offset += length
            }
            _ = yajl_complete_parse(handle)
            yajl_free(handle)
        }
        return keys
    }

    /// Jive responses start with an anti-hijacking statement the ceiling skips, as the decoder does.
    static func parseAfterJivePrefix(_ bytes: UnsafeRawBufferPointer, chunkSize: Int) -> Int {
        let prefix = "throw 'allowIllegalResourceCall is false.';".utf8.count
        return parse(UnsafeRawBufferPointer(rebasing: bytes[prefix...]), chunkSize: chunkSize)
    }
}
