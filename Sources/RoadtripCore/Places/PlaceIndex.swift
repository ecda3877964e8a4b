import Foundation

/// The offline gazetteer and its search. Built from the file once (a few tenths of a second and about 30 MB)
/// and kept in the cache, it is mapped from there in a millisecond by every later start (`openBundled`,
/// `PlaceIndexCache`): a query reads the few pages it needs. Query from any thread; a query takes well under a
/// millisecond.
///
/// ```swift
/// let index = try PlaceIndex.openBundled(cacheDirectory: LegCache.defaultDirectory())
/// for match in index.query("springfield", limit: 5, near: (41.88, -87.63)) {   // after Chicago
///     print(match.place.label, match.kind)          // "Springfield, Illinois, US  exact"
/// }
/// ```
public final class PlaceIndex: @unchecked Sendable {
    /// Credit line the app must show with the data (help/about, README).
    public static let attribution = "Place data from GeoNames (geonames.org), licensed under CC BY 4.0."

    /// Number of places.
    public var count: Int { file.count }
    /// Wall-clock time `load` or `open` took, in seconds.
    public let loadDuration: TimeInterval

    let file: GazetteerFile
    let keys: KeyIndex
    /// Names in the places' own scripts ("東京", "москва"), keyed by `PlaceNormalizer.nativeKey`.
    let nativeKeys: KeyIndex
    let grid: NearestPlaceGrid
    /// The places as a map's towns (sharing these columns).
    public let towns: TownIndex
    // The index is immutable after load; only these three are mutable, guarded by `lock`.
    private let lock = NSLock()
    private var cache = QueryCache(capacity: 64)
    private var idToIndex: [Int: Int]?
    /// Made when a query first needs it (a name typed with a region or country): most lookups never do.
    private var qualifierTable: QualifierTable?
    private let makeQualifiers: @Sendable () -> QualifierTable

    /// Reads and indexes a gazetteer file. Safe to call on a background queue.
    public static func load(from url: URL) throws -> PlaceIndex {
        let started = Date()
        var builder = KeyIndexBuilder()
        var nativeBuilder = KeyIndexBuilder(expectedPlaces: 30_000)
        let file = try GazetteerFile(bytes: readText(url), names: { place, source, ascii in
            builder.add(place: place, source: source, ascii: ascii)
        }, nativeNames: { place, name in
            nativeBuilder.add(place: place, native: name)
        })
        guard !builder.overflowed && !nativeBuilder.overflowed else {
            throw PlaceIndexError.badFormat(line: 0, reason: "more names than the index holds")
        }
        let scores = (0..<file.count).map {
            PlaceRanking.placeScore(population: file.population[$0], isCapital: file.isCapital($0))
        }
        let index = PlaceIndex(file: file, keys: builder.build(placeScores: scores),
                               nativeKeys: nativeBuilder.build(placeScores: scores, bytewise: true),
                               grid: NearestPlaceGrid(latitude: file.latitude, longitude: file.longitude),
                               towns: TownIndex(file: file), started: started)
        #if os(Linux)
        // The load's scratch (the file's text, unsorted keys, sort buffers: about 40 MB) is freed by
        // now, but glibc keeps freed heap pages mapped; hand them back so the index's cost is what it keeps.
        _ = mallocTrim(0)
        #endif
        return index
    }

    /// The file's text, inflated when it is compressed: the compressed bytes are gone before parsing
    /// starts (7.5 MB less at the load's peak).
    static func readText(_ url: URL) throws -> [UInt8] {
        let stored: [UInt8]
        do {
            stored = try WholeFile.read(url)
        } catch {
            throw PlaceIndexError.unreadable(path: url.path, reason: error.reason)
        }
        return stored.starts(with: GazetteerFile.magic) ? try GazetteerFile.inflate(stored) : stored
    }

    /// Loads the gazetteer shipped in `Resources/places/` (found by `ResourceLocator`), building its index in memory.
    public static func loadBundled() throws -> PlaceIndex {
        guard let url = bundledDataURL else { throw PlaceIndexError.dataNotFound }
        return try load(from: url)
    }

    /// The shipped gazetteer's index, mapped from `cacheDirectory` (`$XDG_CACHE_HOME/roadtrip`), where the first
    /// call builds it (`PlaceIndexCache`).
    public static func openBundled(cacheDirectory: URL) throws -> PlaceIndex {
        guard let url = bundledDataURL else { throw PlaceIndexError.dataNotFound }
        return try PlaceIndexCache.open(url, directory: cacheDirectory)
    }

    /// Where the shipped gazetteer is, if anywhere.
    public static var bundledDataURL: URL? { ResourceLocator.url(for: GazetteerFile.relativePath) }

    /// The parts, built or mapped (`PlaceIndexSections`); `qualifiers` makes the table of region and country names
    /// (from the file's tables when nil).
    init(file: GazetteerFile, keys: KeyIndex, nativeKeys: KeyIndex, grid: NearestPlaceGrid, towns: TownIndex,
         qualifiers: (@Sendable () -> QualifierTable)? = nil, started: Date) {
        self.file = file
        self.keys = keys
        self.nativeKeys = nativeKeys
        self.grid = grid
        self.towns = towns
        makeQualifiers = qualifiers ?? { [file] in QualifierTable(countries: file.countries, regions: file.regions) }
        loadDuration = Date().timeIntervalSince(started)
    }

    var qualifiers: QualifierTable {
        lock.withLock {
            if let qualifierTable { return qualifierTable }
            let made = makeQualifiers()
            qualifierTable = made
            return made
        }
    }

    /// Ranked matches for what the user typed: a name, its start, a later word of it, its words in
    /// order with some skipped ("santiago compostela"), a misspelling of it, a name in the place's own
    /// script ("東京"), optionally qualified ("springfield, il", "paris tx", "paris, us"); or a coordinate
    /// ("41.88, -87.63", "41°52'N 87°37'W"), answered with the point and the nearest known place.
    /// `near` (the previous stop) and `next` (the stop after, when inserting) favour places on the way
    /// (`PlaceRanking`). Identical repeated queries come from a small cache (`useCache: false` is for
    /// benchmarks).
    public func query(_ text: String, limit: Int = 10, near: (latitude: Double, longitude: Double)? = nil,
                      next: (latitude: Double, longitude: Double)? = nil, useCache: Bool = true) -> [PlaceMatch] {
        guard limit > 0 else { return [] }
        let cacheKey = QueryCache.Key(text: text, limit: limit, nearLatitude: near?.latitude, nearLongitude: near?.longitude,
                                      nextLatitude: next?.latitude, nextLongitude: next?.longitude)
        if useCache {
            lock.lock()
            let cached = cache[cacheKey]
            lock.unlock()
            if let cached { return cached }
        }
        let result = compute(text, limit: limit, near: near, next: near == nil ? nil : next)
        if useCache {
            lock.lock()
            cache[cacheKey] = result
            lock.unlock()
        }
        return result
    }

    /// The known place for a point, with its distance in `distanceKm`: the nearest one, unless a
    /// much bigger place is only a little farther (a point in the Loop gives Chicago, not "Chicago
    /// Loop"; a village's own centre still gives the village). With `strictly`, simply the nearest.
    public func nearest(latitude: Double, longitude: Double, strictly: Bool = false) -> PlaceMatch? {
        let found = strictly ? grid.nearest(latitude: latitude, longitude: longitude)
                             : grid.significant(latitude: latitude, longitude: longitude, population: file.population)
        guard let found else { return nil }
        return PlaceMatch(place: file.place(at: found.place), kind: .nearest, score: 0, distanceKm: found.km)
    }

    /// The nearest place no farther than `km` (a bounded search, cheap even far from every place), and how far.
    func nearest(latitude: Double, longitude: Double, withinKm km: Double) -> (place: Place, km: Double)? {
        grid.nearest(latitude: latitude, longitude: longitude, withinKm: km).map { (file.place(at: $0.place), $0.km) }
    }

    /// The place with a GeoNames id (a waypoint's `placeId`).
    public func place(id: Int) -> Place? {
        lock.lock()
        defer { lock.unlock() }
        if idToIndex == nil {
            var map: [Int: Int] = [:]
            map.reserveCapacity(file.count)
            for i in 0..<file.count { map[Int(file.id[i])] = i }
            idToIndex = map
        }
        return idToIndex?[id].map(file.place(at:))
    }

    /// True when the first two matches are too close to pick one without asking: same kind of match
    /// and less than a tenfold population difference ("springfield" yes; "paris" no: Paris, France).
    public static func isAmbiguous(_ matches: [PlaceMatch]) -> Bool {
        guard matches.count >= 2, matches[0].kind != .coordinate else { return false }
        return matches[0].kind == matches[1].kind && matches[0].score - matches[1].score < 0.5
    }

    // MARK: - Search

    /// `exhaustive`: every candidate read (`PlaceSearcher.exhaustive`), for tests of the shortcuts.
    func compute(_ text: String, limit: Int, near: (latitude: Double, longitude: Double)?,
                 next: (latitude: Double, longitude: Double)?, exhaustive: Bool = false) -> [PlaceMatch] {
        // Text in another script is no coordinate, and only Cyrillic, Greek and kana are also searched
        // romanised: other scripts skip `PlaceQuery`, whose romanisation (ICU's transliterator for
        // CJK, Thai, Arabic...) would be thrown away and maps 5 MB of ICU's tables into the process.
        let nonLatin = PlaceNormalizer.hasNonLatinLetter(text)
        let kana = nonLatin && PlaceNormalizer.isKana(text)
        let query = !nonLatin || kana || PlaceNormalizer.isCyrillicOrGreek(text) ? PlaceQuery(text) : nil
        if let point = query?.coordinate { return coordinateMatches(point, limit: limit) }
        var searcher = near.map { previous in
            let through = next.map { distance(from: previous, to: $0) } ?? 0
            return PlaceSearcher(limit: limit, nearness: { place in
                let detour = self.distance(from: previous, to: place)
                    + (next.map { self.distance(from: $0, to: place) - through } ?? 0)
                return PlaceRanking.nearness(detourKm: detour)
            }, nearnessCeiling: { place in
                let latitude = Double(self.file.latitude[place])
                let detour = GreatCircle.latitudeGapKm(previous.latitude, latitude)
                    + (next.map { GreatCircle.latitudeGapKm($0.latitude, latitude) - through } ?? 0)
                return PlaceRanking.nearness(detourKm: detour)
            })
        } ?? PlaceSearcher(limit: limit)
        searcher.exhaustive = exhaustive
        if nonLatin {
            let native = PlaceNormalizer.nativeKey(text)
            let words = native.split(separator: " ").map { Array($0.utf8) }
            searcher.scanPrefix(nativeKeys, query: Array(native.utf8), region: file.region, allowed: nil, bonus: 0)
            searcher.scanWords(nativeKeys, words: words, region: file.region, allowed: nil, bonus: 0)
            // Romanised, CJK gives other places' readings ("東京" reads "dong jing": Dongying); Cyrillic
            // and Greek romanise closely enough to find the Latin names too ("Париж" → Paris).
            // Typo tolerance on a romanisation finds only other words ("Αθήνα" → "athina" → Athiyannur).
            // Kana is Japanese: its romaji names a place in Japan ("こうち" is Kōchi, not Kochi in India).
            if let query, kana {
                let japan = qualifiers.regions(ofCountry: "JP")
                searcher.scanPrefix(keys, query: Array(query.key.utf8), region: file.region, allowed: japan, bonus: 0)
                searcher.scanWords(keys, words: query.words.map { Array($0.utf8) }, region: file.region,
                                   allowed: japan, bonus: 0)
            } else if let query {
                search(query, into: &searcher, typos: false)
            }
        } else if let query {
            search(query, into: &searcher, typos: true)
        }
        return searcher.hits.map { hit in
            let place = file.place(at: hit.place)
            let alternates = place.alternateNames
            let matched = hit.source >= 1 && hit.source <= alternates.count ? alternates[hit.source - 1] : nil
            return PlaceMatch(
                place: place, kind: hit.kind.publicKind, score: Double(hit.score), matchedName: matched,
                distanceKm: near.map { GreatCircle.distanceKm(lat1: $0.latitude, lon1: $0.longitude,
                                                              lat2: place.latitude, lon2: place.longitude) },
                bearing: near.map { GreatCircle.bearing(lat1: $0.latitude, lon1: $0.longitude,
                                                        lat2: place.latitude, lon2: place.longitude) })
        }
    }

    /// The Latin-script search: the query's readings (as typed, and with trailing words taken as a
    /// region or country), each by prefix and word by word, then by typo tolerance when needed.
    private func search(_ query: PlaceQuery, into searcher: inout PlaceSearcher, typos: Bool) {
        var readings: [(name: String, allowed: [Bool]?, bonus: Float)] = []
        if let name = query.commaName, !query.commaQualifiers.isEmpty,
           let allowed = qualifiers.commaRegions(query.commaQualifiers) {
            readings.append((name, allowed, PlaceRanking.qualifierBonus))
        } else {
            guard !query.key.isEmpty else { return }
            readings.append((query.key, nil, 0))
            // Trailing words that name a region or country may be a qualifier typed without a comma;
            // both readings are searched and the best score per place wins.
            let words = query.words
            for count in stride(from: min(3, words.count - 1), through: 1, by: -1) {
                let qualifier = words.suffix(count).joined(separator: " ")
                if let allowed = qualifiers.exactRegions(qualifier) {
                    readings.append((words.dropLast(count).joined(separator: " "), allowed, PlaceRanking.qualifierBonus))
                }
            }
        }
        let found = readings.map { reading in
            let prefix = searcher.scanPrefix(keys, query: Array(reading.name.utf8), region: file.region,
                                             allowed: reading.allowed, bonus: reading.bonus)
            let words = reading.name.split(separator: " ").map { Array($0.utf8) }
            let worded = searcher.scanWords(keys, words: words, region: file.region, allowed: reading.allowed, bonus: reading.bonus)
            return prefix || worded
        }
        // Typo tolerance is the fallback: it runs when the plain reading found fewer than `limit`
        // places or no big one, and not at all once a qualified reading ("paris tx") found its place.
        // (Its hits rank below prefix hits anyway; this keeps long queries well under a millisecond.)
        guard typos else { return }
        let qualifiedFound = zip(readings, found).contains { $0.allowed != nil && $1 }
        for (i, reading) in readings.enumerated() {
            if found[i] && reading.allowed != nil { continue }
            if reading.allowed == nil && qualifiedFound { continue }
            if searcher.isFull(leadingWith: PlaceRanking.strongPrefixScore) { continue }
            searcher.scanFuzzy(keys, query: Array(reading.name.utf8), region: file.region,
                               allowed: reading.allowed, bonus: reading.bonus)
        }
    }

    private func distance(from point: (latitude: Double, longitude: Double), to place: Int) -> Double {
        GreatCircle.distanceKm(lat1: point.latitude, lon1: point.longitude,
                               lat2: Double(file.latitude[place]), lon2: Double(file.longitude[place]))
    }

    private func distance(from a: (latitude: Double, longitude: Double), to b: (latitude: Double, longitude: Double)) -> Double {
        GreatCircle.distanceKm(lat1: a.latitude, lon1: a.longitude, lat2: b.latitude, lon2: b.longitude)
    }

    /// Places inside a box, biggest first (town dots for a map): latitudes `south...north`, longitudes
    /// `west...east` (`west > east` crosses the antimeridian), at least `minimumPopulation` people.
    /// Places are stored biggest first, so a high minimum reads only the start of the table.
    public func places(south: Double, west: Double, north: Double, east: Double, minimumPopulation: Int = 0,
                       limit: Int = 100) -> [Place] {
        var found: [Place] = []
        for i in 0..<file.count where found.count < limit {
            if Int(file.population[i]) < minimumPopulation { break }
            let lat = Double(file.latitude[i]), lon = Double(file.longitude[i])
            guard lat >= south && lat <= north else { continue }
            guard west <= east ? (lon >= west && lon <= east) : (lon >= west || lon <= east) else { continue }
            found.append(file.place(at: i))
        }
        return found
    }

    private func coordinateMatches(_ point: Coordinate, limit: Int) -> [PlaceMatch] {
        let label = "\(Self.format(point.latitude)), \(Self.format(point.longitude))"
        let spot = Place(id: 0, name: label, asciiName: label, admin1: nil, countryCode: "", countryName: "",
                         latitude: point.latitude, longitude: point.longitude, population: 0, timezone: "")
        var result = [PlaceMatch(place: spot, kind: .coordinate, score: 1)]
        if limit > 1, let nearest = nearest(latitude: point.latitude, longitude: point.longitude) {
            result.append(nearest)
        }
        return result
    }

    /// Up to five decimals (about a metre), without trailing zeros: "41.88", "-87.63".
    static func format(_ degrees: Double) -> String {
        var text = String(format: "%.5f", degrees)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}

#if os(Linux)
/// glibc's `malloc_trim`, which Swift's Glibc module does not import (it is declared in <malloc.h>).
@_silgen_name("malloc_trim")
func mallocTrim(_ pad: Int) -> Int32
#endif
