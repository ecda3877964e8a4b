import Foundation

/// Keeps a copy of a data file that could not be read, as `trips.json.corrupt-<UTC time>`, before
/// anything else happens, so that whatever the user (or a later version) does, those bytes survive.
enum CorruptFileQuarantine {
    /// Copies `data` and returns the copy's path. When an earlier copy holds the same bytes, returns that
    /// one instead, so that starting again and again does not pile up copies.
    static func preserve(_ data: Data, paths: StorePaths, now: Date = Date(),
                         fileSystem fs: FileSystem) throws -> String {
        if let existing = existingCopy(of: data, paths: paths, fileSystem: fs) { return existing }
        let base = paths.directory + "/" + paths.corruptCopyPrefix + timestamp(now)
        for attempt in 1...100 {
            let path = attempt == 1 ? base : base + "-\(attempt)"
            do {
                try fs.writeNewFile(path, data)
            } catch let error as SystemCallError where error.code == EEXIST {
                continue
            }
            _ = AtomicFile.syncDirectory(paths.directory, fileSystem: fs)
            return path
        }
        throw SystemCallError("open", code: EEXIST)
    }

    private static func existingCopy(of data: Data, paths: StorePaths, fileSystem fs: FileSystem) -> String? {
        guard let names = try? fs.contentsOfDirectory(paths.directory) else { return nil }
        return names.filter { $0.hasPrefix(paths.corruptCopyPrefix) }.sorted().reversed()
            .map { paths.directory + "/" + $0 }
            .first { path in
                guard let info = try? fs.lstat(path), info.st_mode & S_IFMT == S_IFREG,
                      Int(info.st_size) == data.count
                else { return false }
                return (try? fs.readVersion(of: path))?.data == data
            }
    }

    /// "20240501T093000Z": sorts by time and is safe in a file name.
    static func timestamp(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let (days, secondOfDay) = seconds.quotientAndRemainderRoundingDown(dividingBy: 86_400)
        let (year, month, day) = ISO8601.CivilCalendar.civil(daysSinceEpoch: days)
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", year, month, day,
                      secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60)
    }
}
