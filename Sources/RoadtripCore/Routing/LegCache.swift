import Foundation

/// Legs a real engine answered, kept on disk so that reopening a trip or moving the selection asks the
/// engine nothing again. Keyed by the engine's identity (kind, URL or database, profile) and both ends
/// rounded to 1e-5 degrees (about a metre): changing a stop misses exactly its two legs.
///
/// Bounded by count and by geometry size, least recently used first out. One file, `legs.tsv`, read on
/// first use and replaced atomically by `save()`. A cache is never worth an error: a file that cannot be
/// read or makes no sense is ignored and rebuilt; a line that makes no sense is dropped. Thread-safe.
public final class LegCache: @unchecked Sendable {
    public let directory: URL
    public let capacity: Int
    /// The bound on the stored geometry (encoded polyline text), which dominates the file's size.
    public let geometryByteLimit: Int

    static let fileName = "legs.tsv"
    /// 2 added each leg's ferry and region, 3 what the profile could not avoid and the tolls; an older file is not
    /// read (its legs are asked again, once).
    static let header = "roadtrip leg cache 3"

    private struct Key: Hashable {
        let identity: String
        let from: Rounded
        let to: Rounded
    }

    private struct Rounded: Hashable {
        let latitude: Int32
        let longitude: Int32

        init(_ coordinate: Coordinate) {
            latitude = Int32((coordinate.latitude * 1e5).rounded())
            longitude = Int32((coordinate.longitude * 1e5).rounded())
        }

        var coordinate: Coordinate {
            Coordinate(checked: Double(latitude) / 1e5, Double(longitude) / 1e5)
        }

        init?(latitude: Substring, longitude: Substring) {
            guard let latitude = Int32(latitude), let longitude = Int32(longitude),
                  abs(latitude) <= 9_000_000, abs(longitude) <= 18_000_000 else { return nil }
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    private struct Entry {
        let distanceKm: Double
        let durationSeconds: Double
        let source: LegSource
        let ferryKm: Double
        let ferrySeconds: Double
        let region: String?
        let unavoided: [Avoid]
        let ownProfile: Bool
        let tollKm: Double?
        let tollPrice: Double?
        let tollCurrency: String?
        /// Polyline6 text: compact in memory and in the file; decoded when first looked up.
        let polyline: String
        var geometry: [Coordinate]?
        /// When last stored or looked up: the smallest goes first.
        var used: UInt64
    }

    private let lock = NSLock()
    /// Serialises saves, so an older snapshot never lands after a newer one.
    private let saveLock = NSLock()
    /// Nil until the file is read.
    private var entries: [Key: Entry]?
    private var geometryBytes = 0
    private var clock: UInt64 = 0
    private var changed = false
    /// Set by `close()`, under `saveLock`.
    private var closed = false

    public init(directory: URL, capacity: Int = 20_000, geometryByteLimit: Int = 16 << 20) {
        self.directory = directory
        self.capacity = max(1, capacity)
        self.geometryByteLimit = max(1, geometryByteLimit)
    }

    /// `$XDG_CACHE_HOME/roadtrip`, else `~/.cache/roadtrip`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("roadtrip")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".cache/roadtrip")
    }

    public var fileURL: URL { directory.appendingPathComponent(Self.fileName) }

    /// The most of the file that is read: what a full cache writes (its geometry and a generous line for each
    /// leg's other fields). A larger file is not one of ours; its newest legs, at its end, are read.
    var fileByteLimit: Int { geometryByteLimit + capacity * 512 }

    public var count: Int {
        lock.withLock { loaded().count }
    }

    public func leg(_ identity: String, from: Coordinate, to: Coordinate) -> RoutedLeg? {
        let key = Key(identity: identity, from: Rounded(from), to: Rounded(to))
        return lock.withLock {
            _ = loaded()
            guard var entry = entries?[key] else { return nil }
            if entry.geometry == nil {
                guard let geometry = try? Polyline.decode(entry.polyline) else {
                    remove(key)
                    changed = true   // and out of the file with the next save
                    return nil
                }
                entry.geometry = geometry
            }
            clock += 1
            entry.used = clock
            entries?[key] = entry
            var leg = RoutedLeg(distanceKm: entry.distanceKm, durationSeconds: entry.durationSeconds,
                                geometry: entry.geometry ?? [], source: entry.source, ferryKm: entry.ferryKm,
                                ferrySeconds: entry.ferrySeconds, region: entry.region)
            leg.unavoided = entry.unavoided
            leg.ownProfile = entry.ownProfile
            leg.tollKm = entry.tollKm
            leg.tollPrice = entry.tollPrice
            leg.tollCurrency = entry.tollCurrency
            return leg
        }
    }

    public func store(_ leg: RoutedLeg, identity: String, from: Coordinate, to: Coordinate) {
        guard leg.implausibility(from: from, to: to) == nil else { return }
        let key = Key(identity: identity, from: Rounded(from), to: Rounded(to))
        let polyline = Polyline.encode(leg.geometry)
        lock.withLock {
            _ = loaded()
            remove(key)
            clock += 1
            insert(Entry(distanceKm: leg.distanceKm, durationSeconds: leg.durationSeconds, source: leg.source,
                         ferryKm: leg.ferryKm, ferrySeconds: leg.ferrySeconds, region: leg.region,
                         unavoided: leg.unavoided, ownProfile: leg.ownProfile, tollKm: leg.tollKm,
                         tollPrice: leg.tollPrice, tollCurrency: leg.tollCurrency, polyline: polyline, geometry: leg.geometry, used: clock), for: key)
            evictIfNeeded()
            changed = true
        }
    }

    /// Writes the file if anything changed since it was read or last written. Failing is not an error:
    /// the legs stay in memory and the next save tries again.
    public func save() {
        saveLock.withLock { saveNow() }
    }

    /// Saves once more and writes nothing after: the process is about to end, and a background save cut short
    /// by `exit` would leave its temporary file and save nothing. Waits for a save under way to finish.
    public func close() {
        saveLock.withLock {
            saveNow()
            closed = true
        }
    }

    /// Under `saveLock`.
    private func saveNow() {
        guard !closed, let text = lock.withLock({ changed ? serialized() : nil }) else { return }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            try AtomicWrite.write(Data(text.utf8), to: fileURL)
            lock.withLock { changed = false }
        } catch {
            return
        }
    }

    // MARK: - Under the lock

    private func loaded() -> [Key: Entry] {
        if let entries { return entries }
        entries = [:]
        read()
        return entries ?? [:]
    }

    private func insert(_ entry: Entry, for key: Key) {
        entries?[key] = entry
        geometryBytes += entry.polyline.utf8.count
    }

    private func remove(_ key: Key) {
        if let old = entries?.removeValue(forKey: key) { geometryBytes -= old.polyline.utf8.count }
    }

    /// Down to nine tenths of the bounds at once, so that a full cache does not sort on every store.
    private func evictIfNeeded() {
        guard let current = entries, current.count > capacity || geometryBytes > geometryByteLimit else { return }
        let keepCount = max(1, capacity * 9 / 10), keepBytes = geometryByteLimit * 9 / 10
        for (key, _) in current.sorted(by: { $0.value.used < $1.value.used }) {
            guard (entries?.count ?? 0) > keepCount || geometryBytes > keepBytes, (entries?.count ?? 0) > 1 else { break }
            remove(key)
        }
    }

    private func read() {
        LegCacheFile.removeAbandonedTemporaries(of: fileURL)
        let file: (header: Bool, lines: [Substring], cut: Bool)
        do {
            guard let read = try LegCacheFile.read(fileURL, header: Self.header, byteLimit: fileByteLimit) else { return }
            file = read
        } catch {
            // Not a file, unreadable: rebuilt by the next save.
            changed = true
            return
        }
        guard file.header else {
            changed = true
            return
        }
        // A file read in part is written back within the bounds.
        if file.cut { changed = true }
        let lines = file.lines
        for line in lines where !line.isEmpty {
            guard case (let key, var entry)? = parse(line) else {
                changed = true
                continue
            }
            remove(key)
            clock += 1
            entry.used = clock
            insert(entry, for: key)
        }
        evictIfNeeded()
    }

    /// identity, from latitude, from longitude, to latitude, to longitude (1e-5 degrees), distance (km),
    /// duration (s), source, ferry distance (km), ferry duration (s), region (empty: none), the avoids not honoured
    /// (comma-separated), own profile (0 or 1), tolled km, toll price and its currency (empty: not known), polyline6;
    /// tab-separated, the identity and region escaped. The ferry and the tolls lie within the leg.
    private func parse(_ line: Substring) -> (Key, Entry)? {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count == 17, let identity = Self.unescape(fields[0]),
              let from = Rounded(latitude: fields[1], longitude: fields[2]),
              let to = Rounded(latitude: fields[3], longitude: fields[4]),
              let distance = Double(fields[5]), let duration = Double(fields[6]),
              let source = LegSource(rawValue: String(fields[7])),
              RoutedLeg(distanceKm: distance, durationSeconds: duration, source: source)
                .implausibility(from: from.coordinate, to: to.coordinate) == nil,
              // After the plausibility check: the ranges need finite, ordered bounds.
              let ferryKm = Double(fields[8]), let ferrySeconds = Double(fields[9]),
              (0...distance).contains(ferryKm), (0...duration).contains(ferrySeconds),
              let region = Self.unescape(fields[10]), region.utf8.count <= 256,
              let unavoided = fields[11].isEmpty ? [] : Avoid.list(String(fields[11])),
              let ownProfile = ["0": false, "1": true][fields[12]],
              let tollKm = Self.optionalNumber(fields[13], in: 0...distance),
              let tollPrice = Self.optionalNumber(fields[14], in: 0...1e7),
              fields[15].isEmpty || (fields[15].count == 3 && fields[15].allSatisfy { ("A"..."Z").contains($0) })
        else { return nil }
        return (Key(identity: identity, from: from, to: to),
                Entry(distanceKm: distance, durationSeconds: duration, source: source, ferryKm: ferryKm,
                      ferrySeconds: ferrySeconds, region: region.isEmpty ? nil : TerminalSafe.line(region),
                      unavoided: unavoided, ownProfile: ownProfile, tollKm: tollKm, tollPrice: tollPrice,
                      tollCurrency: fields[15].isEmpty ? nil : String(fields[15]),
                      polyline: String(fields[16]), geometry: nil, used: 0))
    }

    /// An empty field is nil (`.some(nil)`); a number outside `range` or not a number is no answer (nil).
    private static func optionalNumber(_ field: Substring, in range: ClosedRange<Double>) -> Double?? {
        if field.isEmpty { return .some(nil) }
        guard let value = Double(field), range.contains(value) else { return nil }
        return .some(value)
    }

    /// Oldest first, so that reading the file back keeps the order of use.
    private func serialized() -> String {
        var text = Self.header + "\n"
        for (key, entry) in (entries ?? [:]).sorted(by: { $0.value.used < $1.value.used }) {
            let fields = [
                Self.escape(key.identity),
                String(key.from.latitude), String(key.from.longitude), String(key.to.latitude), String(key.to.longitude),
                String(entry.distanceKm), String(entry.durationSeconds), entry.source.rawValue,
                String(entry.ferryKm), String(entry.ferrySeconds), Self.escape(entry.region ?? ""),
                entry.unavoided.map(\.rawValue).joined(separator: ","), entry.ownProfile ? "1" : "0",
                entry.tollKm.map { String($0) } ?? "", entry.tollPrice.map { String($0) } ?? "", entry.tollCurrency ?? "",
                entry.polyline,
            ]
            text += fields.joined(separator: "\t") + "\n"
        }
        return text
    }

    /// An identity holds a URL or a path, which may (rarely) contain a tab or a line break.
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\t", with: "%09")
            .replacingOccurrences(of: "\n", with: "%0A").replacingOccurrences(of: "\r", with: "%0D")
    }

    static func unescape(_ text: Substring) -> String? {
        String(text).removingPercentEncoding
    }
}
