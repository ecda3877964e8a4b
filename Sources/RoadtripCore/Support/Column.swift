/// A read-only array of plain values, held in memory or read in place from a mapped file (`SectionFile`): the
/// search reads both through the same type, so an index built at start and one mapped from disk rank alike.
/// Reading out of range stops the program, as an array does.
struct Column<Element: BitwiseCopyable>: RandomAccessCollection, @unchecked Sendable {  // immutable
    private let base: UnsafeBufferPointer<Element>
    /// What keeps `base` alive: the copy's storage, or the mapped file.
    private let owner: AnyObject?

    /// A copy of `values`, owned by the column.
    init(_ values: [Element]) {
        let storage = ColumnStorage(values)
        base = storage.buffer
        owner = storage
    }

    /// Values that `owner` keeps alive (a mapped file).
    init(_ base: UnsafeBufferPointer<Element>, owner: AnyObject) {
        self.base = base
        self.owner = owner
    }

    init() {
        self.init([])
    }

    var startIndex: Int { 0 }
    var endIndex: Int { base.count }

    @inline(__always)
    subscript(position: Int) -> Element {
        precondition(position >= 0 && position < base.count, "Column index out of range")
        return base[position]
    }

    /// The values as a plain buffer, for loops that check their own bounds.
    @inline(__always)
    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        try withExtendedLifetime(owner) { try body(base) }
    }
}

/// The memory of a column built in memory.
private final class ColumnStorage<Element: BitwiseCopyable> {
    let buffer: UnsafeBufferPointer<Element>

    init(_ values: [Element]) {
        let memory = UnsafeMutableBufferPointer<Element>.allocate(capacity: values.count)
        _ = memory.initialize(from: values)
        buffer = UnsafeBufferPointer(memory)
    }

    deinit {
        UnsafeMutableBufferPointer(mutating: buffer).deallocate()
    }
}
