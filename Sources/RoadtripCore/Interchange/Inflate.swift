/// DEFLATE decompression (RFC 1951), for the zip inside a KMZ: stored, fixed-Huffman and dynamic-Huffman
/// blocks. Foundation has no inflate on Linux, and a zip library would be a dependency for one file read.
/// The output is refused past `limit` bytes (a small zip can inflate to gigabytes); any malformed input
/// throws `InflateError`, never traps.
struct Inflate {
    enum InflateError: Error, Equatable {
        case truncated, invalid(String), tooLarge
    }

    private let input: [UInt8]
    private var position = 0
    private var bitBuffer = 0
    private var bitCount = 0
    private var output: [UInt8] = []
    private let limit: Int

    static func decompress(_ input: [UInt8], limit: Int) throws -> [UInt8] {
        var inflate = Inflate(input: input, limit: limit)
        try inflate.run()
        return inflate.output
    }

    private init(input: [UInt8], limit: Int) {
        self.input = input
        self.limit = limit
    }

    private mutating func run() throws {
        var last = false
        while !last {
            last = try bits(1) == 1
            switch try bits(2) {
            case 0: try stored()
            case 1: try codes(Self.fixedLengths, Self.fixedDistances)
            case 2: try dynamic()
            default: throw InflateError.invalid("block type 3")
            }
        }
    }

    /// `count` bits, least significant first.
    private mutating func bits(_ count: Int) throws -> Int {
        while bitCount < count {
            guard position < input.count else { throw InflateError.truncated }
            bitBuffer |= Int(input[position]) << bitCount
            position += 1
            bitCount += 8
        }
        let value = bitBuffer & ((1 << count) - 1)
        bitBuffer >>= count
        bitCount -= count
        return value
    }

    private mutating func append(_ byte: UInt8) throws {
        guard output.count < limit else { throw InflateError.tooLarge }
        output.append(byte)
    }

    private mutating func stored() throws {
        (bitBuffer, bitCount) = (0, 0)  // to the byte boundary
        guard position + 4 <= input.count else { throw InflateError.truncated }
        let length = Int(input[position]) | Int(input[position + 1]) << 8
        let complement = Int(input[position + 2]) | Int(input[position + 3]) << 8
        guard length == ~complement & 0xFFFF else { throw InflateError.invalid("stored block length") }
        position += 4
        guard position + length <= input.count else { throw InflateError.truncated }
        guard output.count + length <= limit else { throw InflateError.tooLarge }
        output += input[position..<(position + length)]
        position += length
    }

    /// A canonical Huffman code: how many codes of each length, and the symbols in code order.
    struct Huffman {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int] = []

        init(lengths: [Int]) throws {
            for length in lengths { counts[length] += 1 }
            var left = 1
            for length in 1...15 {
                left = left << 1 - counts[length]
                guard left >= 0 else { throw InflateError.invalid("over-subscribed code") }
            }
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
            symbols = [Int](repeating: 0, count: lengths.count)
            for (symbol, length) in lengths.enumerated() where length != 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
        }
    }

    /// The next symbol: codes of each length are consecutive numbers, so one bit at a time narrows it down.
    private mutating func decode(_ code: Huffman) throws -> Int {
        var (value, first, index) = (0, 0, 0)
        for length in 1...15 {
            value |= try bits(1)
            let count = code.counts[length]
            if value - first < count { return code.symbols[index + value - first] }
            index += count
            first = (first + count) << 1
            value <<= 1
        }
        throw InflateError.invalid("no such code")
    }

    private static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99,
                                     115, 131, 163, 195, 227, 258]
    private static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025,
                                       1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    private static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11,
                                        12, 12, 13, 13]

    private static let fixedLengths = try! Huffman(lengths: [Int](repeating: 8, count: 144) + [Int](repeating: 9, count: 112)
                                                   + [Int](repeating: 7, count: 24) + [Int](repeating: 8, count: 8))
    private static let fixedDistances = try! Huffman(lengths: [Int](repeating: 5, count: 30))

    private mutating func codes(_ lengths: Huffman, _ distances: Huffman) throws {
        while true {
            let symbol = try decode(lengths)
            if symbol < 256 {
                try append(UInt8(symbol))
            } else if symbol == 256 {
                return
            } else {
                let index = symbol - 257
                guard index < 29 else { throw InflateError.invalid("length symbol") }
                let length = Self.lengthBase[index] + (try bits(Self.lengthExtra[index]))
                let code = try decode(distances)
                guard code < 30 else { throw InflateError.invalid("distance symbol") }
                let distance = Self.distanceBase[code] + (try bits(Self.distanceExtra[code]))
                guard distance <= output.count else { throw InflateError.invalid("distance too far back") }
                guard output.count + length <= limit else { throw InflateError.tooLarge }
                let start = output.count - distance
                for i in 0..<length { output.append(output[start + i]) }  // may overlap what it writes
            }
        }
    }

    private static let lengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    private mutating func dynamic() throws {
        let literals = try bits(5) + 257, distances = try bits(5) + 1, codeLengths = try bits(4) + 4
        guard literals <= 286, distances <= 30 else { throw InflateError.invalid("code counts") }
        var lengthLengths = [Int](repeating: 0, count: 19)
        for i in 0..<codeLengths { lengthLengths[Self.lengthOrder[i]] = try bits(3) }
        let lengthCode = try Huffman(lengths: lengthLengths)
        var lengths: [Int] = []
        while lengths.count < literals + distances {
            let symbol = try decode(lengthCode)
            switch symbol {
            case 0...15: lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else { throw InflateError.invalid("repeat with nothing before") }
                lengths += [Int](repeating: previous, count: 3 + (try bits(2)))
            case 17: lengths += [Int](repeating: 0, count: 3 + (try bits(3)))
            default: lengths += [Int](repeating: 0, count: 11 + (try bits(7)))
            }
        }
        guard lengths.count == literals + distances else { throw InflateError.invalid("too many lengths") }
        guard lengths[256] != 0 else { throw InflateError.invalid("no end-of-block code") }
        try codes(Huffman(lengths: Array(lengths[..<literals])), Huffman(lengths: Array(lengths[literals...])))
    }
}
