/// The installed regions' places and points of interest as columns (built in memory or mapped, `RegionSearchFile`):
/// positions and populations apart for the search's bounds, the text of each feature decoded only when it is read.
public struct RegionFeatures: RandomAccessCollection, Sendable {
    let latitude: Column<Double>
    let longitude: Column<Double>
    let population: Column<UInt32>
    /// `POICategory.allCases` index; `noCategory` for a place.
    let category: Column<UInt8>
    /// Feature i's text is text[textStart[i]..<textStart[i + 1]]: its OSM id, kind, name, English name, the number
    /// of its other names and those, each string a length and UTF-8 bytes, numbers as LEB128.
    let textStart: Column<UInt64>
    let text: Column<UInt8>

    static let noCategory = UInt8.max

    init(latitude: Column<Double>, longitude: Column<Double>, population: Column<UInt32>, category: Column<UInt8>,
         textStart: Column<UInt64>, text: Column<UInt8>) {
        (self.latitude, self.longitude, self.population) = (latitude, longitude, population)
        (self.category, self.textStart, self.text) = (category, textStart, text)
    }

    /// `features` as columns.
    init(_ features: [RegionFeature]) {
        var text: [UInt8] = [], textStart: [UInt64] = [0]
        func add(_ number: Int) {
            var rest = number
            repeat {
                text.append(UInt8(rest & 0x7F) | (rest > 0x7F ? 0x80 : 0))
                rest >>= 7
            } while rest > 0
        }
        func add(_ string: String) {
            add(string.utf8.count)
            text.append(contentsOf: string.utf8)
        }
        for feature in features {
            add(feature.osmID)
            add(feature.kind)
            add(feature.name)
            add(feature.englishName)
            add(feature.otherNames.count)
            feature.otherNames.forEach(add)
            textStart.append(UInt64(text.count))
        }
        let categories = POICategory.allCases
        self.init(latitude: Column(features.map(\.latitude)), longitude: Column(features.map(\.longitude)),
                  population: Column(features.map { UInt32(clamping: $0.population) }),
                  category: Column(features.map { feature in
                      feature.category.flatMap { categories.firstIndex(of: $0) }.map(UInt8.init) ?? Self.noCategory
                  }),
                  textStart: Column(textStart), text: Column(text))
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { latitude.count }

    public subscript(position: Int) -> RegionFeature {
        // Held to the text, so a damaged mapped file gives wrong names, never a read outside it.
        let end = Int(Swift.min(UInt64(text.count), textStart[position + 1]))
        let start = Int(Swift.min(UInt64(end), textStart[position]))
        return text.withUnsafeBufferPointer { bytes in
            var at = start
            func number() -> Int {
                var value = 0, shift = 0
                while at < end, shift < 35 {
                    let byte = bytes[at]
                    at += 1
                    value |= Int(byte & 0x7F) << shift
                    shift += 7
                    if byte & 0x80 == 0 { break }
                }
                return value
            }
            func next() -> String {
                let length = number(), stop = Swift.min(end, at + length)
                defer { at = stop }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[at..<stop]), as: UTF8.self)
            }
            let osmID = next(), kind = next(), name = next(), englishName = next()
            let others = (0..<Swift.min(number(), end - at)).map { _ in next() }
            return RegionFeature(osmID: osmID, latitude: latitude[position], longitude: longitude[position], kind: kind,
                                 category: categoryOf(position), population: Int(population[position]), name: name,
                                 englishName: englishName, otherNames: others)
        }
    }

    func categoryOf(_ position: Int) -> POICategory? {
        let code = Int(category[position])
        return code < POICategory.allCases.count ? POICategory.allCases[code] : nil
    }
}
