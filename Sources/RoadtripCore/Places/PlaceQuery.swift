/// What the user typed, taken apart: a coordinate, or a name with an optional qualifier after a comma.
///
/// "springfield, il" → name "springfield", qualifier "il"; "41.88, -87.63" → coordinate.
/// Qualifiers typed without a comma ("paris tx", "springfield illinois") are recognised by the index,
/// which knows the region and country names (`PlaceIndex.query`).
public struct PlaceQuery: Equatable, Sendable {
    public let text: String
    /// Set when the whole text reads as a latitude/longitude pair.
    public let coordinate: Coordinate?
    /// Search key of the whole text (commas count as spaces); the last word may be partly typed.
    public let key: String
    /// With a comma: the key of the part before it ...
    public let commaName: String?
    /// ... and of each part after it ("il", "illinois", "us"; "springfield, il, us" has two).
    public let commaQualifiers: [String]

    public init(_ text: String) {
        self.text = text
        coordinate = Self.looksNumeric(text) ? try? CoordinateParser.parse(text) : nil
        key = PlaceNormalizer.key(text, partialLastWord: true)
        let parts = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "," || $0 == ";" })
        if parts.count > 1 {
            let name = PlaceNormalizer.key(String(parts[0]))
            commaName = name.isEmpty ? nil : name
            commaQualifiers = parts.dropFirst().enumerated().compactMap { i, part in
                let key = PlaceNormalizer.key(String(part), partialLastWord: i == parts.count - 2)
                return key.isEmpty ? nil : key
            }
        } else {
            commaName = nil
            commaQualifiers = []
        }
    }

    /// Words of the key.
    public var words: [Substring] { key.split(separator: " ") }

    /// Cheap test before the coordinate parser: a digit and no letters other than N/S/E/W and º, which the
    /// parser takes for a degree sign (it is an ordinal indicator, so a letter).
    private static func looksNumeric(_ text: String) -> Bool {
        var digit = false
        for c in text.uppercased() {
            if c.isNumber { digit = true } else if c.isLetter && !"NSEWº".contains(c) { return false }
        }
        return digit
    }
}
