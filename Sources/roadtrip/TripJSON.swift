import Foundation
import RoadtripCore

/// `show --json`: the trip as stored, then what the itinerary computed. Stops are numbered from 1 as on
/// screen; distances in km to the metre, times in whole seconds.
struct TripJSON: Encodable {
    struct Leg: Encodable {
        let from: Int
        let to: Int
        let distanceKm: Double
        let durationSeconds: Int
        let source: String
        let note: String?
    }

    struct Day: Encodable {
        let day: Int
        let date: CalendarDate?
        let from: Int
        let to: Int
        let distanceKm: Double
        let drivingSeconds: Int
        let overDailyLimit: Bool
    }

    let trip: Trip
    let distanceKm: Double
    let legsKm: [Double?]
    let legs: [Leg]
    let days: [Day]
    let drivingSeconds: Int
    let nights: Int
    let endDate: CalendarDate?

    init(_ trip: Trip, _ itinerary: Itinerary) {
        self.trip = trip
        distanceKm = Self.metres(itinerary.distanceKm)
        legsKm = trip.waypoints.isEmpty ? [] : [nil] + itinerary.legs.map { Self.metres($0.distanceKm) }
        legs = itinerary.legs.map {
            Leg(from: $0.from + 1, to: $0.to + 1, distanceKm: Self.metres($0.distanceKm),
                durationSeconds: Int(saturating: $0.durationSeconds.rounded()), source: $0.source.rawValue, note: $0.note)
        }
        days = itinerary.days.map {
            Day(day: $0.number, date: $0.date, from: $0.startStop + 1, to: $0.endStop + 1,
                distanceKm: Self.metres($0.distanceKm), drivingSeconds: Int(saturating: $0.drivingSeconds.rounded()),
                overDailyLimit: $0.exceedsLimit)
        }
        drivingSeconds = Int(saturating: itinerary.drivingSeconds.rounded())
        nights = itinerary.nights
        endDate = itinerary.endDate
    }

    private static func metres(_ km: Double) -> Double { (km * 1000).rounded() / 1000 }
}
