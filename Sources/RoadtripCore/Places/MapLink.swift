import Foundation

/// Coordinates in a maps link pasted where coordinates go: Google Maps puts the view's centre after `@`
/// (`https://www.google.com/maps/place/…/@57.5074,-6.1834,12z`) and a searched point in `q=`, `query=` or `ll=`
/// (`https://maps.google.com/?q=57.5074,-6.1834`).
enum MapLink {
    /// "57.5074,-6.1834" from such a link; nil when `text` is not one or holds no pair.
    static func coordinates(in text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("http://") || trimmed.hasPrefix("https://") else { return nil }
        let link = trimmed.removingPercentEncoding ?? trimmed
        for marker in ["@", "?q=", "&q=", "query=", "ll="] {
            guard let range = link.range(of: marker) else { continue }
            let rest = link[range.upperBound...]
            let pair = rest.prefix { $0.isASCIIDigit || $0 == "." || $0 == "-" || $0 == "," || $0 == "+" || $0 == " " }
            let numbers = pair.split(separator: ",").prefix(2)
            if numbers.count == 2, numbers.allSatisfy({ CoordinateParser.decimal($0.trimmingCharacters(in: .whitespaces)) != nil }) {
                return numbers.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")
            }
        }
        return nil
    }
}
