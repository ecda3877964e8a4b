import Foundation

/// Changing one key in place: its value, or its lines, and nothing else; the user's comments, order and blank
/// lines stay as they are (`TOMLDocument+Editing.swift`).
extension SettingsFile {
    /// The first lines of a file `config set` creates.
    static let header = """
        # roadtrip settings: `roadtrip config list` shows every key, `roadtrip config set KEY VALUE` changes one.


        """

    /// Validates `value` for `key` (its TOML name) and writes the file atomically (temp file + fsync + rename,
    /// 0600, the folder created 0700) with only that key's value changed. Throws `SettingsError`: an unknown key
    /// or a bad value ("speed_kmh must be a number from 10 to 200"), or a file that cannot be read or written.
    public func set(_ key: String, to value: String) throws {
        guard let setting = SettingKey(rawValue: key) else { throw SettingsError.unknownKey(key) }
        var parsed = Settings()
        try setting.apply(value, to: &parsed)
        try rewrite { document in
            try document.setting(key, to: setting.row.toml(parsed))
        }
    }

    /// Removes a key (back to its default). A key the file has but roadtrip does not know (a typo) can be
    /// removed too; a missing file stays missing.
    public func unset(_ key: String) throws {
        try rewrite { document in
            guard let edited = document.removing(key) else {
                if SettingKey(rawValue: key) == nil { throw SettingsError.unknownKey(key) }
                return nil
            }
            return edited
        }
    }

    /// Reads the file (refusing one that cannot be read or is not TOML: editing it could lose what it holds),
    /// lets `change` edit the document, and writes what it returns, if anything.
    private func rewrite(_ change: (TOMLDocument) throws -> [UInt8]?) throws {
        let paths: StorePaths
        do {
            // A linked config.toml (a dotfiles folder) stays a link: its target is replaced.
            paths = try StorePaths.resolve(url.path, fileSystem: fileSystem)
        } catch {
            throw SettingsError.unreadable("\(url.path)\(Self.place(error)): \(Self.reason(error))")
        }
        let newFile = { try TOMLReader.read(Array(Self.header.utf8)) }
        // No folder yet: nothing to read, and a change that changes nothing (an unset) must not create it.
        if (try? fileSystem.stat(paths.directory)) == nil {
            guard try change(try newFile()) != nil else { return }
        }
        // Two writers (one instance's Settings screen, `config set` in another shell) each read the file, change
        // a key and write it whole: without the lock the later write would drop the earlier one's change.
        let lock = try lockForWriting(paths)
        defer { withExtendedLifetime(lock) {} }
        let existing: (document: TOMLDocument, info: stat)?
        do {
            existing = try readDocument(paths.target).map { ($0, try fileSystem.stat(paths.target)) }
        } catch {
            throw SettingsError.unreadable("\(url.path)\(Self.place(error)): \(Self.reason(error))")
        }
        guard let edited = try change(try existing?.document ?? newFile()) else { return }
        do {
            _ = try AtomicFile.replace(paths, with: Data(edited), mode: 0o600,
                                       owner: existing.map { ($0.info.st_uid, $0.info.st_gid) },
                                       fileSystem: fileSystem, beforeRename: {})
        } catch {
            let reason = (error as? SystemCallError)?.description ?? "\(error)"
            throw SettingsError.unwritable(path: url.path, reason: reason)
        }
    }

    /// How long a writer waits for another to finish: a rewrite takes milliseconds.
    static let lockWait: TimeInterval = 2

    /// The exclusive lock on `config.toml.lock` beside the file (its folder created first, 0700), waited for up
    /// to `lockWait`.
    private func lockForWriting(_ paths: StorePaths) throws -> FileLock {
        let path = paths.target + ".lock"
        do {
            try createDirectory(paths.directory)
        } catch {
            throw SettingsError.unwritable(path: url.path, reason: (error as? SystemCallError)?.description ?? "\(error)")
        }
        let deadline = Date().addingTimeInterval(Self.lockWait)
        while true {
            switch FileLock.acquire(path, creating: true, fileSystem: fileSystem) {
            case .acquired(let lock):
                return lock
            case .unavailable(let error):
                throw SettingsError.unwritable(path: url.path, reason: error.description)
            case .held(let pid):
                guard Date() < deadline else {
                    let who = pid.map { "another roadtrip (pid \($0))" } ?? "another roadtrip"
                    throw SettingsError.unwritable(path: url.path, reason: "\(who) is still saving the settings")
                }
                usleep(10_000)
            }
        }
    }

    /// Creates `path` (0700) and its missing parents; one that another writer creates meanwhile will do.
    private func createDirectory(_ path: String) throws {
        do {
            try fileSystem.mkdir(path, mode: 0o700)
        } catch let error as SystemCallError where error.code == EEXIST {
            return
        } catch let error as SystemCallError where error.code == ENOENT && path != "/" {
            try createDirectory((path as NSString).deletingLastPathComponent)
            do {
                try fileSystem.mkdir(path, mode: 0o700)
            } catch let error as SystemCallError where error.code == EEXIST {
                return
            }
        }
    }
}
