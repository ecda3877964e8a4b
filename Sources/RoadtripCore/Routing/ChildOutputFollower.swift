import Foundation

/// Reads a running child's captured output (`ChildProcess`'s unlinked files) as it grows, so that a region build
/// can show osmium's and planetsplitter's progress in its own bar. At most ten reads a second, and a last one
/// after the child ends.
public final class ChildOutputFollower {
    /// What the child wrote to stdout and to stderr since the last call.
    public typealias Watch = (_ stdout: Data, _ stderr: Data) -> Void

    private let descriptors: (Int32, Int32)
    private let watch: Watch
    private var offsets: (Int64, Int64) = (0, 0)
    private var last: UInt64 = 0

    init(_ descriptors: (Int32, Int32), watch: @escaping Watch) {
        self.descriptors = descriptors
        self.watch = watch
    }

    func poll(final: Bool) {
        let now = DispatchTime.now().uptimeNanoseconds
        guard final || now - last >= 100_000_000 else { return }
        last = now
        let out = fresh(descriptors.0, from: &offsets.0), err = fresh(descriptors.1, from: &offsets.1)
        if !out.isEmpty || !err.isEmpty { watch(out, err) }
    }

    /// The bytes of `descriptor` past `offset`, at most 1 MB a read (a chatty child's backlog comes in parts).
    private func fresh(_ descriptor: Int32, from offset: inout Int64) -> Data {
        var data = Data(count: 1 << 20)
        let count = data.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, $0.count, off_t(offset)) }
        guard count > 0 else { return Data() }
        offset += Int64(count)
        return data.prefix(count)
    }
}
