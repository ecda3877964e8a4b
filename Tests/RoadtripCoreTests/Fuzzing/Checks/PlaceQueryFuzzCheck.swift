import Foundation
@testable import RoadtripCore

/// What the user types into a place search, taken apart (`PlaceQuery`, `PlaceNormalizer`) and, with the
/// gazetteer, searched (`PlaceIndex.query`):
/// - `fold` gives ASCII; every key is lowercase ASCII words joined by single spaces (no control characters,
///   nothing to trim) and is its own key; typing a space after the text turns its key into the finished key;
/// - comma parts come only with a comma (or semicolon), and are non-empty keys too;
/// - a query that reads as a coordinate is what `CoordinateParser` reads, and the search answers it with
///   that point first; other queries never get coordinate answers;
/// - parsing gives the same answer twice; a search gives at most `limit` matches, with finite scores.
public struct PlaceQueryFuzzCheck {
    private let index: PlaceIndex

    public init(index: PlaceIndex) {
        self.index = index
    }

    public func check(_ data: Data) throws {
        let text = String(decoding: data, as: UTF8.self)
        let query = PlaceQuery(text)
        try FuzzCheckFailure.require(PlaceQuery(text) == query, "parsing twice gave two answers", input: text)
        try checkKeys(text, query)
        try checkCoordinate(text, query)
        try checkSearch(text, query)
    }

    private func checkKeys(_ text: String, _ query: PlaceQuery) throws {
        let folded = PlaceNormalizer.fold(text)
        try FuzzCheckFailure.require(folded.unicodeScalars.allSatisfy(\.isASCII), "fold gave \(folded.debugDescription)", input: text)
        let finished = PlaceNormalizer.key(text)
        for key in [query.key, finished] {
            try requireKey(key, text)
        }
        try FuzzCheckFailure.require(PlaceNormalizer.key(query.key, partialLastWord: true) == query.key,
                                     "the key \(query.key.debugDescription) is not its own key", input: text)
        try FuzzCheckFailure.require(PlaceNormalizer.key(finished) == finished,
                                     "the key \(finished.debugDescription) is not its own key", input: text)
        let typedOn = PlaceNormalizer.key(text + " ", partialLastWord: true)
        try FuzzCheckFailure.require(typedOn == finished,
                                     "typing a space gives \(typedOn.debugDescription), not \(finished.debugDescription)", input: text)
        try FuzzCheckFailure.require(query.words.joined(separator: " ") == query.key, "the words are not the key", input: text)

        let hasComma = text.contains { $0 == "," || $0 == ";" }
        if !hasComma {
            try FuzzCheckFailure.require(query.commaName == nil && query.commaQualifiers.isEmpty,
                                         "comma parts without a comma", input: text)
        }
        for part in [query.commaName].compactMap({ $0 }) + query.commaQualifiers {
            try FuzzCheckFailure.require(!part.isEmpty, "an empty comma part", input: text)
            try requireKey(part, text)
        }
    }

    private func requireKey(_ key: String, _ text: String) throws {
        let wellFormed = key.split(separator: " ", omittingEmptySubsequences: false).allSatisfy { word in
            !word.isEmpty && word.utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) }
        }
        try FuzzCheckFailure.require(key.isEmpty || wellFormed, "the key \(key.debugDescription) is not words of a-z 0-9", input: text)
    }

    private func checkCoordinate(_ text: String, _ query: PlaceQuery) throws {
        let parsed = try? CoordinateParser.parse(text)
        if let coordinate = query.coordinate {
            try FuzzCheckFailure.require(coordinate == parsed, "the query's coordinate \(coordinate) is not the parser's", input: text)
        } else {
            try FuzzCheckFailure.require(parsed == nil, "the parser reads \(String(describing: parsed)), the query no coordinate",
                                         input: text)
        }
    }

    private func checkSearch(_ text: String, _ query: PlaceQuery) throws {
        let limit = 5
        let matches = index.query(text, limit: limit, useCache: false)
        try FuzzCheckFailure.require(matches.count <= limit, "\(matches.count) matches for a limit of \(limit)", input: text)
        try FuzzCheckFailure.require(matches.allSatisfy { $0.score.isFinite }, "a match has a score that is not finite", input: text)
        if let coordinate = query.coordinate {
            let first = matches.first
            try FuzzCheckFailure.require(first?.kind == .coordinate && first?.place.latitude == coordinate.latitude
                                         && first?.place.longitude == coordinate.longitude,
                                         "a coordinate query does not answer with its point first", input: text)
        } else {
            try FuzzCheckFailure.require(!matches.contains { $0.kind == .coordinate || $0.kind == .nearest },
                                         "a name query got a coordinate answer", input: text)
        }
    }
}
