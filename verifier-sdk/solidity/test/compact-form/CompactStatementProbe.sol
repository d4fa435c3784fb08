// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {P256Verify} from "./P256Verify.sol";

/// @notice The alternative on-chain form that was measured and not adopted (docs/adr/0002): a
/// statement the service would sign in addition, as `<ns>.attestation.evm1` LF followed by the ABI
/// encoding of (id, wallet, pass, issuedAt, expiresAt, conditionHashes). Test code only: it exists
/// to put a measured figure beside the token verifier's.
contract CompactStatementProbe {
    struct Statement {
        bytes32 id;
        address wallet;
        bool pass;
        uint64 issuedAt;
        uint64 expiresAt;
        bytes32[] conditionHashes;
    }

    bytes32 private immutable x;
    bytes32 private immutable y;

    error BadSignature();
    error Expired();

    constructor(bytes32 x_, bytes32 y_) {
        x = x_;
        y = y_;
    }

    function verify(bytes calldata statement, bytes32 r, bytes32 s) external view returns (Statement memory st) {
        bytes32 digest = sha256(abi.encodePacked("service.attestation.evm1\n", statement));
        if (!P256Verify.verify(digest, r, s, x, y)) revert BadSignature();
        st = abi.decode(statement, (Statement));
        if (block.timestamp >= st.expiresAt) revert Expired();
    }
}
