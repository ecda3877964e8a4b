import Foundation

/// The files the store uses, all beside the data file. When the data path is a symbolic link, they sit
/// beside its target, so that saving replaces the target and the link keeps pointing at it.
///
/// For `trips.json`: `trips.json.lock`, `trips.json.bak` (then `.bak.1`, `.bak.2`...),
/// `trips.json.corrupt-<timestamp>`, and temporary files `.trips.json.roadtrip-tmp-<random>`.
struct StorePaths: Equatable {
    /// The path the user gave (or the default one).
    let requested: String
    /// `requested` with symbolic links followed: the file that is read and replaced.
    let target: String

    var directory: String { (target as NSString).deletingLastPathComponent }
    var fileName: String { (target as NSString).lastPathComponent }
    var lock: String { target + ".lock" }

    /// `trips.json.bak` for generation 0, then `trips.json.bak.1`, ...
    func backup(_ generation: Int) -> String {
        generation == 0 ? target + ".bak" : target + ".bak.\(generation)"
    }

    /// The name start of this file's temporary files: hidden, and specific enough that cleaning up
    /// never touches anything but our own leftovers.
    var temporaryPrefix: String { "." + fileName + ".roadtrip-tmp-" }

    func temporaryPath() -> String {
        let random = (0..<4).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
        return directory + "/" + temporaryPrefix + "\(getpid())-" + random
    }

    var corruptCopyPrefix: String { fileName + ".corrupt-" }

    /// Resolves `path` (absolute) by following symbolic links at its end, relative ones from their folder.
    static func resolve(_ path: String, fileSystem: FileSystem) throws -> StorePaths {
        var target = path
        for _ in 0..<40 {
            let info: stat
            do {
                info = try fileSystem.lstat(target)
            } catch let error as SystemCallError where error.code == ENOENT {
                // A missing file (or a link to one that does not exist yet) is created on the first save.
                return StorePaths(requested: path, target: target)
            }
            guard info.st_mode & S_IFMT == S_IFLNK else { return StorePaths(requested: path, target: target) }
            let destination = try fileSystem.readlink(target)
            target = destination.hasPrefix("/")
                ? destination
                : ((target as NSString).deletingLastPathComponent as NSString).appendingPathComponent(destination)
        }
        throw SystemCallError("readlink", code: ELOOP)
    }
}
