import Foundation

/// How a place reads in a list of suggestions, the same in the stop form and in `roadtrip places`.
public enum PlaceText {
    /// "Lamar County, Texas, United States": where the place is (county only where two places of a
    /// region share the name).
    public static func whereabouts(_ place: Place) -> String {
        (place.region + [place.countryName]).filter { !$0.isEmpty && $0 != place.name }.joined(separator: ", ")
    }

    /// "175 km S": distance and direction from the previous stop, when the search had one.
    public static func fromPrevious(_ match: PlaceMatch, unit: DistanceUnit) -> String? {
        guard let km = match.distanceKm, let bearing = match.bearing else { return nil }
        // Under a kilometre the direction is noise (a place's centre against the stop's pin).
        return km < 1 ? "here" : "\(unit.format(km: km)) \(GreatCircle.compassPoint(bearing))"
    }
}
