import Foundation

/// A whole file in one array, read without an intermediate `Data` (which a copy into an array would double at the
/// read's peak: the gazetteer's 7.5 MB).
enum WholeFile {
    struct Failure: Error {
        let reason: String
    }

    static func read(_ url: URL) throws(Failure) -> [UInt8] {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(reason: "cannot open the file") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Failure(reason: String(cString: strerror(errno))) }
        let size = Int(info.st_size)
        guard size > 0 else { return [] }
        var failure: String?
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = 0
            while count < size {
                let got = Glibc.read(fd, buffer.baseAddress! + count, size - count)
                if got < 0 && errno == EINTR { continue }
                if got <= 0 {
                    failure = got < 0 ? String(cString: strerror(errno)) : "the file shrank while being read"
                    break
                }
                count += got
            }
        }
        if let failure { throw Failure(reason: failure) }
        return bytes
    }
}
