import Foundation

/// The checksum a region remembers of each extract it was built from, so that `region add --to` can tell a
/// source changed since (a newer download under the same name, a truncated copy) before building from it.
///
/// XXH64 (`ContentDigest.xxh64`, seed 0) of each 1 MiB block, then XXH64 of those digests in order: read in
/// one pass with one buffer, at the speed of the disk for a GB extract. It detects a change, not a forgery
/// (nothing here needs one: the user chose the files). Written `xxh64-1m:` and 16 hex digits.
public enum SourceChecksum {
    public static let prefix = "xxh64-1m:"
    static let blockBytes = 1 << 20

    /// Whether `text` has the form of a checksum this roadtrip writes.
    public static func isWellFormed(_ text: String) -> Bool {
        text.hasPrefix(prefix) && text.count == prefix.count + 16
            && text.dropFirst(prefix.count).allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }

    /// The file's checksum, read block by block. `stop` is asked between blocks (a build's stop signals), and
    /// `read` told the bytes read so far (its progress bar).
    public static func of(_ url: URL, stop: () throws -> Void = {}, read bytesRead: (Int64) -> Void = { _ in }) throws -> String {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw RegionBuildError.cannotRead(url.path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: blockBytes, alignment: 8)
        defer { buffer.deallocate() }
        var digests: [UInt64] = []
        while true {
            try stop()
            var filled = 0
            // A read may return less than asked before the end: a block is full unless the file ended.
            while filled < blockBytes {
                let count = read(descriptor, buffer.baseAddress! + filled, blockBytes - filled)
                if count < 0 && errno == EINTR { continue }
                guard count >= 0 else {
                    throw RegionBuildError.cannotRead(url.path, reason: String(cString: strerror(errno)))
                }
                if count == 0 { break }
                filled += count
            }
            if filled == 0 && !digests.isEmpty { break }
            digests.append(ContentDigest.xxh64(UnsafeRawBufferPointer(rebasing: buffer[0..<filled]), seed: 0))
            bytesRead(Int64(digests.count - 1) * Int64(blockBytes) + Int64(filled))
            if filled < blockBytes { break }
        }
        let combined = digests.map(\.littleEndian).withUnsafeBytes { ContentDigest.xxh64($0, seed: 0) }
        return prefix + String(format: "%016llx", combined)
    }
}
