import Foundation

/// The disk a region build takes, sampled in its folder (`BuildBeside`) while its children work and at the end of
/// each phase: the folder at its largest (osmium's selections and planetsplitter's temporary files at once, on top
/// of the old region until it is replaced) and what was written in all, each file at its largest size seen
/// (a file rewritten under one name, or living less than a second, counts less: "at least"). Sizes are blocks on
/// disk, not lengths.
final class BuildDiskUse {
    private let folder: URL
    private let clock: () -> UInt64
    private var last: UInt64 = 0
    private var largest: [String: Int64] = [:]
    private(set) var peak: Int64 = 0

    init(folder: URL, clock: @escaping () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }) {
        self.folder = folder
        self.clock = clock
    }

    /// At least this much was written into the folder.
    var written: Int64 { largest.values.reduce(0, +) }

    /// Measures the folder now, or only when a second has passed since the last time unless `force`.
    func sample(force: Bool = false) {
        let now = clock()
        guard force || now - last >= 1_000_000_000 else { return }
        last = now
        var total: Int64 = 0
        for (path, bytes) in Self.files(in: folder) {
            total += bytes
            largest[path] = max(largest[path] ?? 0, bytes)
        }
        peak = max(peak, total)
    }

    /// Every regular file under `folder` and the bytes it takes on disk.
    static func files(in folder: URL) -> [(String, Int64)] {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var files: [(String, Int64)] = []
        while let name = walker.nextObject() as? String {
            var info = stat()
            let path = folder.appendingPathComponent(name).path
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            files.append((path, Int64(info.st_blocks) * 512))
        }
        return files
    }

    /// The bytes the files under `folder` take on disk.
    static func size(of folder: URL) -> Int64 {
        files(in: folder).reduce(0) { $0 + $1.1 }
    }
}
