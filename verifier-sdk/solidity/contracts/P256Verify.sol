// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// @notice ECDSA P-256 verification through the P256VERIFY precompile at 0x100: EIP-7951 on
/// Ethereum from the Osaka fork (6900 gas), RIP-7212 on the L2s that ship it (3450 gas; on the OP
/// Stack from Fjord). On a chain without it the call returns no data and verification fails.
library P256Verify {
    /// @return ok true when (r, s) is a valid signature of `digest` by the public key (x, y)
    function verify(bytes32 digest, bytes32 r, bytes32 s, bytes32 x, bytes32 y) internal view returns (bool ok) {
        assembly ("memory-safe") {
            let p := mload(0x40)
            mstore(p, digest)
            mstore(add(p, 0x20), r)
            mstore(add(p, 0x40), s)
            mstore(add(p, 0x60), x)
            mstore(add(p, 0x80), y)
            mstore(0x00, 0)
            let success := staticcall(gas(), 0x100, p, 0xa0, 0x00, 0x20)
            ok := and(success, and(eq(returndatasize(), 0x20), eq(mload(0x00), 1)))
        }
    }
}
