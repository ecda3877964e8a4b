import Foundation

/// When the data file cannot be saved (a full disk, a read-only mount) and the user quits, every trip in
/// memory is written to another file instead, so no edit is lost: a new file (never one that exists),
/// complete and synced before it is reported written. It is an ordinary trips file: `--data` opens it.
public enum RescueCopy {
    /// Where to try, in order: `~/roadtrip-unsaved-20261122-153000.json`, then the same name in the temporary
    /// folder (the home folder may sit on the disk that is full).
    public static func candidates(at time: Date = Date(),
                                  environment: [String: String] = ProcessInfo.processInfo.environment) -> [URL] {
        let name = "roadtrip-unsaved-\(stamp(time)).json"
        var folders: [String] = []
        if let home = environment["HOME"], !home.isEmpty { folders.append(home) }
        folders.append(environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp")
        return folders.map { URL(fileURLWithPath: $0).appendingPathComponent(name) }
    }

    /// Writes `trips` to the first candidate that takes them; throws the last failure when none does.
    public static func writeSomewhere(_ trips: [Trip], candidates: [URL],
                                      fileSystem: FileSystem = PosixFileSystem()) throws -> URL {
        var lastError: Error = StoreError.io(path: candidates.first?.path ?? "", operation: "write",
                                             message: "no place to write to")
        for url in candidates {
            do {
                try write(trips, to: url, fileSystem: fileSystem)
                return url
            } catch {
                lastError = error
            }
        }
        throw lastError
    }

    /// Writes `trips` as a new trips file at `url` (0600). Throws `StoreError.io` naming the path; a partly
    /// written file is removed.
    public static func write(_ trips: [Trip], to url: URL, fileSystem fs: FileSystem = PosixFileSystem()) throws {
        let path = url.path
        do {
            try fs.writeNewFile(path, TripDocument.encode(TripDocument(trips: trips)))
        } catch let error as SystemCallError {
            let message = error.code == EEXIST ? "a file of that name exists" : error.message
            throw StoreError.io(path: path, operation: "write", message: message)
        }
    }

    /// "20261122-153000", UTC like every time roadtrip stores.
    private static func stamp(_ time: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter.string(from: time)
    }
}
