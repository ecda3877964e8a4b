import Foundation

/// The gazetteer's search index as a mapped file (`SectionFile`): the gazetteer's columns and tables, both key
/// indexes, the nearest-place grid and the large towns, each as the built index holds it. Opening it reads the
/// header and the small tables (countries, regions, time zones); a query then touches the pages it reads.
extension PlaceIndex {
    /// The index's kind, first line of its `identity` section.
    static let sectionKind = "roadtrip places index"

    func write(to url: URL, identity: [String]) throws {
        var writer = SectionFileWriter()
        writer.add("identity", strings: [Self.sectionKind] + identity)
        file.write(into: &writer)
        keys.write(into: &writer, as: "keys.")
        nativeKeys.write(into: &writer, as: "native.")
        grid.write(into: &writer, as: "grid.")
        writer.add("largeTowns", towns.largeTowns)
        qualifiers.write(into: &writer)
        try writer.write(to: url)
    }

    /// The index at `url`, when it was written with this `identity`; nil when it was written for another source or
    /// by another build. Throws when the file cannot be read or is damaged.
    static func open(_ url: URL, identity: [String]) throws -> PlaceIndex? {
        let started = Date()
        let sections = try SectionFile(url)
        guard try sections.strings("identity") == [sectionKind] + identity else { return nil }
        let file = try GazetteerFile(sections)
        return PlaceIndex(file: file, keys: try KeyIndex(sections, as: "keys."), nativeKeys: try KeyIndex(sections, as: "native."),
                          grid: try NearestPlaceGrid(sections, as: "grid.", latitude: file.latitude, longitude: file.longitude),
                          towns: TownIndex(file: file, largeTowns: try sections.column("largeTowns", UInt32.self)),
                          qualifiers: {
                              // Read when first needed; a damaged table is made again from the file's.
                              (try? QualifierTable(sections, regionCount: file.regions.count))
                                  ?? QualifierTable(countries: file.countries, regions: file.regions)
                          }, started: started)
    }
}

extension GazetteerFile {
    func write(into writer: inout SectionFileWriter) {
        writer.add("countries", strings: countries.flatMap { [$0.code, $0.name, $0.aliases.joined(separator: ",")] })
        writer.add("regions", strings: regions.flatMap { [String($0.country), $0.code, $0.name, $0.abbreviation] })
        writer.add("timezones", strings: timezones)
        writer.add("names", names)
        writer.add("recordStart", recordStart)
        writer.add("id", id)
        writer.add("timezone", timezone)
        writer.add("latitude", latitude)
        writer.add("longitude", longitude)
        writer.add("population", population)
        writer.add("region", region)
        writer.add("capitals", capitals)
    }

    /// The columns, each one value per place, and the tables they refer to.
    init(_ file: SectionFile) throws {
        let countryFields = try file.strings("countries"), regionFields = try file.strings("regions")
        guard countryFields.count % 3 == 0, regionFields.count % 4 == 0 else {
            throw SectionFile.Failure.damaged("its country or region table is cut short")
        }
        let countries = stride(from: 0, to: countryFields.count, by: 3).map { i in
            Country(code: countryFields[i], name: countryFields[i + 1],
                    aliases: countryFields[i + 2].split(separator: ",").map(String.init))
        }
        let regions = try stride(from: 0, to: regionFields.count, by: 4).map { i in
            guard let country = Int(regionFields[i]), countries.indices.contains(country) else {
                throw SectionFile.Failure.damaged("a region's country is not in the table")
            }
            return Region(country: country, code: regionFields[i + 1], name: regionFields[i + 2],
                          abbreviation: regionFields[i + 3])
        }
        let recordStart = try file.column("recordStart", UInt32.self)
        let count = recordStart.count
        self.init(names: try file.column("names", UInt8.self), countries: countries, regions: regions,
                  timezones: try file.strings("timezones"), recordStart: recordStart,
                  id: try file.column("id", UInt32.self, count: count),
                  timezone: try file.column("timezone", UInt16.self, count: count),
                  latitude: try file.column("latitude", Float.self, count: count),
                  longitude: try file.column("longitude", Float.self, count: count),
                  population: try file.column("population", UInt32.self, count: count),
                  region: try file.column("region", UInt16.self, count: count), capitals: try file.column("capitals", UInt32.self))
        guard count > 0 else { throw SectionFile.Failure.damaged("it holds no places") }
    }
}
