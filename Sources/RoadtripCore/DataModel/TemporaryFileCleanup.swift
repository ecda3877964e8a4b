import Foundation

/// Removes the temporary files of saves that never finished (the process was killed between creating
/// its temporary file and renaming it). Only runs while holding the lock, so that it never removes the
/// temporary file of a save in progress, and only touches names of our own pattern.
enum TemporaryFileCleanup {
    /// Returns how many files were removed.
    static func removeOrphans(_ paths: StorePaths, fileSystem fs: FileSystem) -> Int {
        guard let names = try? fs.contentsOfDirectory(paths.directory) else { return 0 }
        var removed = 0
        for name in names where name.hasPrefix(paths.temporaryPrefix) {
            let path = paths.directory + "/" + name
            guard let info = try? fs.lstat(path), info.st_mode & S_IFMT == S_IFREG else { continue }
            if (try? fs.unlink(path)) != nil { removed += 1 }
        }
        if removed > 0 { _ = AtomicFile.syncDirectory(paths.directory, fileSystem: fs) }
        return removed
    }
}
