import Foundation

/// What the regions directory looks like from outside, cheaply (a listing and three `stat`s per region): a
/// region added, rebuilt (its folder is replaced whole, `BuildBeside`), removed or damaged changes it. Taken
/// before a read, so a change during the read is seen by the next comparison.
struct RegionsStamp: Equatable {
    /// Visible folder → its manifest's and tables' inode, size and modification time (zeros for a file absent).
    private let entries: [String: [Int64]]

    init(_ directory: URL) {
        var entries: [String: [Int64]] = [:]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where !name.hasPrefix(".") {   // builds in progress are hidden until complete
            let folder = directory.appendingPathComponent(name)
            entries[name] = [InstalledRegion.manifestName, "places.tsv", "pois.tsv"].flatMap { file in
                Self.fingerprint(folder.appendingPathComponent(file).path)
            }
        }
        self.entries = entries
    }

    /// A file's inode, size and modification time; zeros when it is absent.
    static func fingerprint(_ path: String) -> [Int64] {
        var info = stat()
        guard stat(path, &info) == 0 else { return [0, 0, 0, 0] }
        return [Int64(info.st_ino), Int64(info.st_size), Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec)]
    }
}
