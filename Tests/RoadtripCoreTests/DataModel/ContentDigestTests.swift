import Foundation
import XCTest
@testable import RoadtripCore

/// The store's content digest is XXH64: the same values as the reference implementation, libxxhash, for every
/// length's path through it (stripes of 32 bytes, words of 8 and 4, single bytes) and any key.
final class ContentDigestTests: XCTestCase {
    private typealias XXH64 = @convention(c) (UnsafeRawPointer?, Int, UInt64) -> UInt64

    func testDigestsAsLibxxhashDoes() throws {
        let library = try XCTUnwrap(dlopen("libxxhash.so.0", RTLD_NOW), "libxxhash (Debian libxxhash0, `make test` installs it)")
        defer { dlclose(library) }
        let reference = unsafeBitCast(try XCTUnwrap(dlsym(library, "XXH64")), to: XXH64.self)
        var generator = SystemRandomNumberGenerator()
        for count in Array(0...100) + [1_000, 4_099, 65_536 + 13] {
            let bytes = (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
            for seed in [0, UInt64.random(in: .min ... .max, using: &generator)] {
                bytes.withUnsafeBytes { raw in
                    XCTAssertEqual(ContentDigest.xxh64(raw, seed: seed), reference(raw.baseAddress, count, seed),
                                   "\(count) bytes, seed \(seed)")
                }
            }
        }
    }

    func testEqualBytesDigestAlikeAndOneChangedByteDoesNot() {
        var data = Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        XCTAssertEqual(ContentDigest(data), ContentDigest(Data(data)))
        for index in [0, 4_321, 9_999] {
            data[index] ^= 1
            XCTAssertNotEqual(ContentDigest(data), ContentDigest(Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })))
            data[index] ^= 1
        }
    }
}
