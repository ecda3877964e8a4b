import Foundation

/// Remembers that a time-zone index file was checked whole (`TimeZoneFile`): `timezones.checked` in the cache folder
/// holds the checked file's stamp (device, inode, size, modification and change times), so later starts map the
/// same file without walking it again. Any write to the file changes its change time, and so its stamp; a stamp
/// that cannot be read or written only means the next start checks again.
public struct TimeZoneCheck: Sendable {
    static let fileName = "timezones.checked"
    let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    private var url: URL { directory.appendingPathComponent(Self.fileName) }

    /// The line stored for a file: the format version too, so a reader of another format checks again.
    private func line(_ stamp: String) -> String { "timezones.bin v\(TimeZoneFile.version) \(stamp)\n" }

    func knows(_ stamp: String) -> Bool {
        guard let file = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? file.close() }
        let expected = Data(line(stamp).utf8)
        // One byte more than the line: a longer file is not this line.
        return (try? file.read(upToCount: expected.count + 1)) == expected
    }

    func remember(_ stamp: String) {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? AtomicWrite.write(Data(line(stamp).utf8), to: url)
    }
}
