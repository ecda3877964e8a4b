import Foundation

/// The second half of a long trip list, read on another thread while `DocumentReading` reads the first half: on
/// two cores a large file loads in little more than half the time.
///
/// Where the second half starts is a guess: a line that opens a trip as roadtrip writes them (`,` then a newline,
/// four spaces and `{`). It is taken only when reading the first half arrives exactly there, at the start of a
/// trip of the list, and only when the second half was read without a problem; else the first half's reading just
/// goes on. So the trips, and every message about a broken file, are those that one pass gives.
final class LaterTrips: @unchecked Sendable {
    /// Where the guessed second half starts.
    let start: Int
    /// The file's bytes, borrowed: whoever started this waits for it (`wait`) before they go.
    private let bytes: UnsafeBufferPointer<UInt8>
    private let done = DispatchGroup()
    /// Written by the worker before it leaves `done`; read only after waiting on it.
    private var read: (trips: [(Trip, TripMarks)], starts: [Int], end: Int)?

    /// A list shorter than this is read in one pass: sharing it costs more than it saves.
    static let minimumBytes = 1 << 20

    /// Starts reading the second half of the trip list whose first element `json` is at; nil for a short list or
    /// when no line in its second half opens a trip.
    static func start(after json: JSONScanner) -> LaterTrips? {
        let bytes = json.bytes
        guard bytes.count - json.offset >= minimumBytes,
              let start = tripLine(in: bytes, from: json.offset + (bytes.count - json.offset) / 2)
        else { return nil }
        return LaterTrips(bytes, start: start, depth: json.depth)
    }

    /// The offset of the `{` of the first `,\n    {` at or after `from`: a trip's length away at most.
    private static func tripLine(in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        let opening = Array(",\n    {".utf8)
        var index = from
        while index + opening.count <= bytes.count {
            if bytes[index] == opening[0], bytes[index + 1] == opening[1],
               opening.indices.allSatisfy({ bytes[index + $0] == opening[$0] }) {
                return index + opening.count - 1
            }
            index += 1
        }
        return nil
    }

    private init(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, depth: Int) {
        self.start = start
        self.bytes = bytes
        done.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let json = JSONScanner(self.bytes, at: start, depth: depth)
            let reading = DocumentReading(json)
            var trips: [(Trip, TripMarks)] = [], starts: [Int] = []
            if (try? json.remainingElements({
                starts.append(json.offset)
                trips.append(try reading.trip())
            })) != nil {
                read = (trips, starts, json.offset)
            }
            done.leave()
        }
    }

    /// The trips from `start` to the end of the list, where each starts, and the offset of the list's `]`; nil when
    /// reading them met a problem (the first half's reading then goes on, finds it and says where).
    func wait() -> (trips: [(Trip, TripMarks)], starts: [Int], end: Int)? {
        done.wait()
        return read
    }
}
