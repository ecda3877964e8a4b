import Foundation

/// Building a data folder (a Routino database, a region) so that a failed or interrupted build never leaves
/// a half-built one: the build writes into `.NAME.building-PID` beside the folder, which replaces the old one
/// only when complete. Folders of builds whose process is gone (killed mid-build) are removed first.
public enum BuildBeside {
    /// Runs `body` on a new empty folder beside `directory`, then puts that folder in `directory`'s place.
    /// On any error the new folder goes and `directory` is as it was. Ctrl-C, SIGTERM and SIGHUP stop the
    /// build's children and leave by `ChildProcess.Failure.stopped` once the folder is gone (`StopSignals`);
    /// after SIGKILL the children die with us (tied) and the next build or region command sweeps the folder.
    public static func build<T>(_ directory: URL, _ body: (URL) throws -> T) throws -> T {
        let fm = FileManager.default
        let parent = directory.deletingLastPathComponent()
        try fm.createDirectory(at: parent, withIntermediateDirectories: true)
        sweep(parent)
        return try StopSignals.recorded {
            let building = parent.appendingPathComponent(".\(directory.lastPathComponent).building-\(getpid())")
            try fm.createDirectory(at: building, withIntermediateDirectories: false)
            defer { try? fm.removeItem(at: building) }
            let result = try body(building)
            try StopSignals.check()
            try replace(directory, with: building)
            return result
        }
    }

    /// A folder cannot be renamed over a full one: the old moves aside, the new takes its name, the old
    /// goes. Between the two renames (microseconds) there is nothing there; never a half-built one.
    static func replace(_ directory: URL, with built: URL) throws {
        let fm = FileManager.default
        let old = directory.deletingLastPathComponent().appendingPathComponent(".\(directory.lastPathComponent).old-\(getpid())")
        let hadOld = fm.fileExists(atPath: directory.path)
        if hadOld { try fm.moveItem(at: directory, to: old) }
        do {
            try fm.moveItem(at: built, to: directory)
        } catch {
            if hadOld { try? fm.moveItem(at: old, to: directory) }
            throw error
        }
        if hadOld { try? fm.removeItem(at: old) }
    }

    /// Removes `directory` the same way: renamed aside first, so it is never seen half-deleted.
    public static func remove(_ directory: URL) throws {
        let aside = directory.deletingLastPathComponent().appendingPathComponent(".\(directory.lastPathComponent).old-\(getpid())")
        try FileManager.default.moveItem(at: directory, to: aside)
        try FileManager.default.removeItem(at: aside)
    }

    /// Removes the `.NAME.building-PID` and `.NAME.old-PID` folders in `parent` whose process is gone (a build
    /// or removal killed mid-way): every region command calls it.
    public static func sweep(_ parent: URL) {
        let fm = FileManager.default
        for entry in (try? fm.contentsOfDirectory(atPath: parent.path)) ?? [] where entry.hasPrefix(".") {
            for marker in [".building-", ".old-"] {
                guard let range = entry.range(of: marker, options: .backwards),
                      let pid = pid_t(entry[range.upperBound...]), pid > 0, kill(pid, 0) == -1, errno == ESRCH else { continue }
                try? fm.removeItem(at: parent.appendingPathComponent(entry))
            }
        }
    }
}
