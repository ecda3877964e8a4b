import Foundation

/// The bytes of one version of the file, digested: to tell a change of the file's metadata from an edit that put
/// its modification time back, both of which change only the change time.
///
/// XXH64 (xxHash's 64-bit hash, four lanes of 8 bytes): it detects a change, by chance missed once in about 2^64.
/// It is not an authenticator: XXH64 is not a cryptographic hash, and the seed drawn anew in each process is no
/// secret key that stops a program from making other bytes that digest the same. None is needed: a forged match
/// would only make the store save over the forger's own edit, and a program that can write the file can do worse
/// without one. The seed only keeps a chance collision from repeating in every run. XXH64 over `Hasher`
/// (SipHash): five times the speed, a tenth of loading a large file.
struct ContentDigest: Equatable {
    private let value: UInt64

    private static let key = UInt64.random(in: .min ... .max)

    init(_ data: Data) {
        value = data.withUnsafeBytes { Self.xxh64($0, seed: Self.key) }
    }

    private static let prime1: UInt64 = 11_400_714_785_074_694_791
    private static let prime2: UInt64 = 14_029_467_366_897_019_727
    private static let prime3: UInt64 = 1_609_587_929_392_839_161
    private static let prime4: UInt64 = 9_650_029_242_287_828_579
    private static let prime5: UInt64 = 2_870_177_450_012_600_261

    /// XXH64 as the reference implementation (libxxhash) computes it.
    static func xxh64(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        let count = bytes.count
        guard let base = bytes.baseAddress else { return avalanche(seed &+ prime5) }
        func word(_ offset: Int) -> UInt64 { UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
        var offset = 0
        var hash: UInt64
        if count >= 32 {
            var lanes = (seed &+ prime1 &+ prime2, seed &+ prime2, seed, seed &- prime1)
            while offset + 32 <= count {
                lanes.0 = round(lanes.0, word(offset))
                lanes.1 = round(lanes.1, word(offset + 8))
                lanes.2 = round(lanes.2, word(offset + 16))
                lanes.3 = round(lanes.3, word(offset + 24))
                offset += 32
            }
            hash = rotate(lanes.0, 1) &+ rotate(lanes.1, 7) &+ rotate(lanes.2, 12) &+ rotate(lanes.3, 18)
            for lane in [lanes.0, lanes.1, lanes.2, lanes.3] {
                hash = (hash ^ round(0, lane)) &* prime1 &+ prime4
            }
        } else {
            hash = seed &+ prime5
        }
        hash &+= UInt64(count)
        while offset + 8 <= count {
            hash = rotate(hash ^ round(0, word(offset)), 27) &* prime1 &+ prime4
            offset += 8
        }
        if offset + 4 <= count {
            let half = UInt64(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
            hash = rotate(hash ^ (half &* prime1), 23) &* prime2 &+ prime3
            offset += 4
        }
        while offset < count {
            hash = rotate(hash ^ (UInt64(bytes[offset]) &* prime5), 11) &* prime1
            offset += 1
        }
        return avalanche(hash)
    }

    @inline(__always)
    private static func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
        rotate(accumulator &+ input &* prime2, 31) &* prime1
    }

    @inline(__always)
    private static func rotate(_ value: UInt64, _ bits: UInt64) -> UInt64 {
        value << bits | value >> (64 - bits)
    }

    private static func avalanche(_ value: UInt64) -> UInt64 {
        var hash = value
        hash = (hash ^ hash >> 33) &* prime2
        hash = (hash ^ hash >> 29) &* prime3
        return hash ^ hash >> 32
    }
}
