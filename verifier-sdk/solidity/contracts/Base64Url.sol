// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// @notice Strict base64url decoding (RFC 4648 section 5, no padding), as JWS segments are written.
/// Refuses any character outside the alphabet (padding, '+', '/', '.', whitespace), a length of
/// 4k+1, and a last character whose unused bits are not zero.
library Base64Url {
    error InvalidBase64Url();

    // alphabet values by character code, 0xff for characters outside the alphabet
    uint256 private constant T0 = 0xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff;
    uint256 private constant T1 = 0xffffffffffffffffffffffffff3effff3435363738393a3b3c3dffffffffffff;
    uint256 private constant T2 = 0xff000102030405060708090a0b0c0d0e0f10111213141516171819ffffffff3f;
    uint256 private constant T3 = 0xff1a1b1c1d1e1f202122232425262728292a2b2c2d2e2f30313233ffffffffff;

    function decode(bytes calldata s) internal pure returns (bytes memory out) {
        uint256 n = s.length;
        if (n % 4 == 1) revert InvalidBase64Url();
        uint256 bad;
        assembly ("memory-safe") {
            // a 256-byte table (characters 128..255 invalid) and 32 bytes of slack for its last read
            let tbl := mload(0x40)
            mstore(tbl, T0)
            mstore(add(tbl, 0x20), T1)
            mstore(add(tbl, 0x40), T2)
            mstore(add(tbl, 0x60), T3)
            mstore(add(tbl, 0x80), T0)
            mstore(add(tbl, 0xa0), T0)
            mstore(add(tbl, 0xc0), T0)
            mstore(add(tbl, 0xe0), T0)
            out := add(tbl, 0x120)
            let outLen := div(mul(n, 3), 4)
            mstore(out, outLen)
            let dst := add(out, 0x20)
            // each group writes a whole word: 32 bytes of slack after the output
            mstore(0x40, and(add(add(dst, outLen), 0x3f), not(0x1f)))
            let full := sub(n, mod(n, 4))
            for { let i := 0 } lt(i, full) { i := add(i, 4) } {
                let w := calldataload(add(s.offset, i))
                let a := byte(0, mload(add(tbl, byte(0, w))))
                let b := byte(0, mload(add(tbl, byte(1, w))))
                let c := byte(0, mload(add(tbl, byte(2, w))))
                let d := byte(0, mload(add(tbl, byte(3, w))))
                bad := or(bad, gt(or(or(a, b), or(c, d)), 63))
                mstore(dst, shl(232, or(or(shl(18, a), shl(12, b)), or(shl(6, c), d))))
                dst := add(dst, 3)
            }
            let r := mod(n, 4)
            if r {
                // the bytes after the segment belong to other calldata: only the first r are read
                let w := calldataload(add(s.offset, full))
                let a := byte(0, mload(add(tbl, byte(0, w))))
                let b := byte(0, mload(add(tbl, byte(1, w))))
                let c := 0
                if eq(r, 3) { c := byte(0, mload(add(tbl, byte(2, w)))) }
                bad := or(bad, gt(or(or(a, b), c), 63))
                // unused low bits of the last character must be zero
                switch r
                case 2 { bad := or(bad, and(b, 0x0f)) }
                default { bad := or(bad, and(c, 0x03)) }
                mstore(dst, shl(232, or(or(shl(18, a), shl(12, b)), shl(6, c))))
            }
            // zero what the last word wrote past the end
            mstore(add(add(out, 0x20), outLen), 0)
        }
        if (bad != 0) revert InvalidBase64Url();
    }

    /// @notice The number of bytes `n` base64url characters decode to.
    function decodedLength(uint256 n) internal pure returns (uint256) {
        if (n % 4 == 1) revert InvalidBase64Url();
        return (n * 3) / 4;
    }

    /// @notice Bytes [from, to) of what `s` decodes to, decoding only the 4-character groups that
    /// hold them (base64 is aligned: bytes 3k..3k+2 come from characters 4k..4k+3).
    function decodeRange(bytes calldata s, uint256 from, uint256 to) internal pure returns (bytes memory out) {
        uint256 n = s.length;
        if (from > to || to > decodedLength(n)) revert InvalidBase64Url();
        uint256 g0 = from / 3;
        uint256 end = ((to + 2) / 3) * 4;
        if (end > n) end = n;
        out = decode(s[g0 * 4:end]);
        // the bytes before `from` are dropped by moving the length word over them
        assembly ("memory-safe") {
            out := add(out, sub(from, mul(g0, 3)))
            mstore(out, sub(to, from))
        }
    }
}
