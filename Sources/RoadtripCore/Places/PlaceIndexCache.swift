import Foundation

/// The shipped gazetteer's search index, built once into the cache (`$XDG_CACHE_HOME/roadtrip/places-*.index`) and
/// mapped by every later start: a cold `roadtrip places` then costs milliseconds, not the half second of parsing and
/// sorting 235,000 places. The file is named and marked (`identity`) by what it was built from: the gazetteer's
/// content (its length and zlib checksum, read from its first and last bytes) and this build of roadtrip
/// (`CodeIdentity`). Another gazetteer or another build makes its own; the newest other one is kept beside it (a
/// release and a debug build of the same tree take turns), older ones are removed.
enum PlaceIndexCache {
    static let filePrefix = "places-"
    static let fileSuffix = ".index"

    /// The index of the gazetteer at `source`: mapped from `directory` when built there before, else built (and
    /// written there for next time, then mapped). Where the cache cannot be written, the built index is used as it is.
    static func open(_ source: URL, directory: URL) throws -> PlaceIndex {
        guard let identity = identity(of: source) else { return try PlaceIndex.load(from: source) }
        let url = directory.appendingPathComponent(filePrefix + fingerprint(identity) + fileSuffix)
        if let mapped = try? PlaceIndex.open(url, identity: identity) { return mapped }
        var built: PlaceIndex? = try PlaceIndex.load(from: source)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try built?.write(to: url, identity: identity)
            removeOthers(in: directory, keeping: url, prefix: filePrefix)
            // Mapped like every later start's, and the built one's heap handed back.
            built = nil
            #if os(Linux)
            _ = mallocTrim(0)
            #endif
            if let mapped = try PlaceIndex.open(url, identity: identity) { return mapped }
        } catch {
            // A cache that cannot be written: the built index serves this process.
        }
        return try built ?? PlaceIndex.load(from: source)
    }

    /// What the index stands on; nil for a gazetteer stored as plain text (tests), which is simply parsed.
    static func identity(of source: URL) -> [String]? {
        let fd = Glibc.open(source.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        var head = [UInt8](repeating: 0, count: 8), tail = [UInt8](repeating: 0, count: 4)
        guard fstat(fd, &info) == 0, info.st_size > 12,
              pread(fd, &head, 8, 0) == 8, pread(fd, &tail, 4, off_t(info.st_size) - 4) == 4,
              head.starts(with: GazetteerFile.magic) else { return nil }
        let length = head[4...].reversed().reduce(0) { $0 << 8 | Int($1) }
        let adler = tail.map { String(format: "%02x", $0) }.joined()
        return [CodeIdentity.current, "gazetteer \(info.st_size) bytes, text \(length) bytes, adler32 \(adler)"]
    }

    /// FNV-1a of the identity, as 16 hex digits: the file's name.
    static func fingerprint(_ identity: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in identity.joined(separator: "\n").utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return String(format: "%016llx", hash)
    }

    /// Removes every other index named `prefix…` of the directory but the newest, and the temporary files of such
    /// writes whose process is gone (`RegionSearchFile` keeps its own the same way).
    static func removeOthers(in directory: URL, keeping kept: URL, prefix: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var others: [(name: String, modified: Date)] = []
        for name in names {
            let path = directory.appendingPathComponent(name).path
            if name.hasPrefix(prefix) && name.hasSuffix(fileSuffix) && name != kept.lastPathComponent {
                let modified = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? nil
                others.append((name, modified ?? .distantPast))
            } else if name.hasPrefix("." + prefix), name.hasSuffix(".tmp"),
                      let pid = name.split(separator: ".").dropLast(2).last.flatMap({ Int32($0) }),
                      kill(pid, 0) != 0 && errno == ESRCH {
                unlink(path)
            }
        }
        for old in others.sorted(by: { $0.modified > $1.modified }).dropFirst() {
            unlink(directory.appendingPathComponent(old.name).path)
        }
    }
}
