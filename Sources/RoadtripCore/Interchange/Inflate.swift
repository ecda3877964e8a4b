import CZlib

/// Raw DEFLATE (RFC 1951, no zlib header) through the zlib the app links, for the zip inside a KMZ. The output is
/// refused past `limit` bytes while it is inflated, not after (a small zip can inflate to gigabytes): zlib is never
/// given room for more than `limit + 1` bytes. Malformed input throws `InflateError`.
enum Inflate {
    enum InflateError: Error, Equatable {
        case truncated, invalid(String), tooLarge
    }

    static func decompress(_ input: [UInt8], limit: Int) throws -> [UInt8] {
        var stream = z_stream()
        // A negative window size: raw deflate, as a zip stores it.
        guard inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw InflateError.invalid("zlib could not start")
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        return try input.withUnsafeBufferPointer { bytes in
            stream.next_in = UnsafeMutablePointer(mutating: bytes.baseAddress)
            stream.avail_in = uInt(bytes.count)
            while true {
                let room = min(chunk.count, limit + 1 - output.count)
                let status = chunk.withUnsafeMutableBufferPointer { out in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(room)
                    return inflate(&stream, Z_NO_FLUSH)
                }
                output += chunk[0..<(room - Int(stream.avail_out))]
                guard output.count <= limit else { throw InflateError.tooLarge }
                switch status {
                case Z_STREAM_END: return output
                case Z_OK: continue
                case Z_BUF_ERROR where stream.avail_in == 0: throw InflateError.truncated
                default: throw InflateError.invalid(stream.msg.map { String(cString: $0) } ?? "zlib \(status)")
                }
            }
        }
    }
}
