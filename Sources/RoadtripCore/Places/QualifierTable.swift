/// Region and country names and codes, for qualifiers: "il", "illinois", "tx", "us", "usa", "france",
/// "on" (Ontario), "nsw". Resolves a qualifier key to the set of region indices it names.
struct QualifierTable {
    private let regionCount: Int
    /// Key → regions, for words that may qualify without a comma ("paris tx").
    private var names: [String: [Int]] = [:]
    /// Three-letter country codes ("usa", "fra") only after a comma: as trailing words they clash with names.
    private var commaOnly: [String: [Int]] = [:]
    /// Full names, for "springfield, ill" prefix matching after a comma.
    private var fullNames: [(key: String, regions: [Int])] = []
    /// ISO code ("JP") → the country's regions.
    private var countryRegions: [String: [Int]] = [:]

    init(countries: [GazetteerFile.Country], regions: [GazetteerFile.Region]) {
        regionCount = regions.count
        var byCountry = [[Int]](repeating: [], count: countries.count)
        for (i, r) in regions.enumerated() { byCountry[r.country].append(i) }
        func add(_ text: String, _ regionList: [Int], to table: inout [String: [Int]]) {
            let key = PlaceNormalizer.key(text)
            if !key.isEmpty { table[key, default: []].append(contentsOf: regionList) }
        }
        for (c, country) in countries.enumerated() {
            countryRegions[country.code] = byCountry[c]
            add(country.code, byCountry[c], to: &names)
            add(country.name, byCountry[c], to: &names)
            fullNames.append((PlaceNormalizer.key(country.name), byCountry[c]))
            for alias in country.aliases {
                if alias.count == 3 && !alias.contains(" ") && alias != "usa" {
                    add(alias, byCountry[c], to: &commaOnly)
                } else {
                    add(alias, byCountry[c], to: &names)
                }
            }
        }
        for (i, region) in regions.enumerated() {
            if !region.name.isEmpty {
                add(region.name, [i], to: &names)
                fullNames.append((PlaceNormalizer.key(region.name), [i]))
            }
            // Letter codes people type ("IL", "ZH", "ENG"); numeric GeoNames codes are not.
            if (2...3).contains(region.code.count) && region.code.allSatisfy({ $0.isLetter }) {
                add(region.code, [i], to: &names)
            }
            if !region.abbreviation.isEmpty { add(region.abbreviation, [i], to: &names) }
        }
    }

    /// Regions named by a qualifier standing as trailing words without a comma: exact names and codes only.
    func exactRegions(_ key: String) -> [Bool]? {
        names[key].map(mask)
    }

    /// The regions of the country with this ISO code ("JP").
    func regions(ofCountry code: String) -> [Bool]? {
        countryRegions[code].map(mask)
    }

    /// Regions named by qualifiers typed after commas ("il", "us" in "springfield, il, us"): each may
    /// also be a three-letter country code or, from three letters on, the start of a region or country
    /// name ("ill" → Illinois). Regions must satisfy every qualifier; nil when one names nothing.
    func commaRegions(_ keys: [String]) -> [Bool]? {
        var allowed = [Bool](repeating: true, count: regionCount)
        for key in keys {
            var list = (names[key] ?? []) + (commaOnly[key] ?? [])
            if key.count >= 3 {
                for entry in fullNames where entry.key.hasPrefix(key) { list.append(contentsOf: entry.regions) }
            }
            if list.isEmpty { return nil }
            let named = mask(list)
            for i in allowed.indices { allowed[i] = allowed[i] && named[i] }
        }
        return allowed
    }

    private func mask(_ list: [Int]) -> [Bool] {
        var allowed = [Bool](repeating: false, count: regionCount)
        for i in list { allowed[i] = true }
        return allowed
    }
}

/// The table as sections of the mapped index (`PlaceIndexSections`): its keys are normalised once, when the index is
/// built, not by every command that reads a qualifier.
extension QualifierTable {
    private static let lists = ["names", "commaOnly", "fullNames", "countries"]

    func write(into writer: inout SectionFileWriter) {
        let tables = [names.sorted { $0.key < $1.key }.map { ($0.key, $0.value) },
                      commaOnly.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, fullNames.map { ($0.key, $0.regions) },
                      countryRegions.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }]
        for (name, table) in zip(Self.lists, tables) {
            writer.add("qualifier.\(name)", strings: table.map(\.0))
            writer.add("qualifier.\(name).starts", table.reduce(into: [UInt32(0)]) { $0.append($0.last! + UInt32($1.1.count)) })
            writer.add("qualifier.\(name).regions", table.flatMap { $0.1.map(UInt32.init) })
        }
    }

    /// The table as written; region numbers must be below `regionCount`.
    init(_ file: SectionFile, regionCount: Int) throws {
        let tables = try Self.lists.map { name -> [(key: String, regions: [Int])] in
            let keys = try file.strings("qualifier.\(name)")
            let starts = try file.column("qualifier.\(name).starts", UInt32.self, count: keys.count + 1)
            let regions = try file.column("qualifier.\(name).regions", UInt32.self, count: Int(starts[keys.count]))
            return try keys.indices.map { i in
                guard starts[i] <= starts[i + 1], starts[i + 1] <= starts[keys.count] else {
                    throw SectionFile.Failure.damaged("a qualifier's regions lie outside the table")
                }
                let list = regions[Int(starts[i])..<Int(starts[i + 1])].map { Int($0) }
                guard list.allSatisfy({ $0 < regionCount }) else { throw SectionFile.Failure.damaged("a qualifier names no region") }
                return (keys[i], list)
            }
        }
        self.regionCount = regionCount
        names = Dictionary(tables[0].map { ($0.key, $0.regions) }, uniquingKeysWith: { $1 })
        commaOnly = Dictionary(tables[1].map { ($0.key, $0.regions) }, uniquingKeysWith: { $1 })
        fullNames = tables[2]
        countryRegions = Dictionary(tables[3].map { ($0.key, $0.regions) }, uniquingKeysWith: { $1 })
    }
}
