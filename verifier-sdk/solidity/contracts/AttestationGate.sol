// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {Attestation} from "./AttestationClaims.sol";
import {WalletStateVerifier} from "./WalletStateVerifier.sol";

/// @notice An example consumer: admits a wallet while an attestation about it, in which every
/// condition was met and one of which is the condition this gate was built for (by its hash),
/// has not expired. The wallet presents its own token (`msg.sender` must be its subject), and each
/// attestation admits once: presenting the same attestation id again is refused as a replay.
contract AttestationGate {
    WalletStateVerifier public immutable verifier;
    /// the `conditionHash` (signing.md section 4) of the condition a wallet must meet
    bytes32 public immutable conditionHash;

    /// attestation ids already presented
    mapping(bytes32 id => bool) public presented;
    /// the wallet is admitted strictly before this time (seconds)
    mapping(address wallet => uint64) public admittedUntil;

    event Admitted(address indexed wallet, bytes32 indexed attestationId, uint64 until);

    error WrongWallet(address subject, address sender);
    error NotPassed();
    error ConditionNotAttested(bytes32 conditionHash);
    error Replay(bytes32 attestationId);

    constructor(WalletStateVerifier verifier_, bytes32 conditionHash_) {
        verifier = verifier_;
        conditionHash = conditionHash_;
    }

    /// @notice Admits the sender on its attestation token until the token expires.
    function enter(string calldata jwt) external returns (uint64 until) {
        Attestation memory a = verifier.verify(jwt);
        if (a.wallet != msg.sender) revert WrongWallet(a.wallet, msg.sender);
        if (!a.pass) revert NotPassed();
        bool found;
        for (uint256 i = 0; i < a.conditionHashes.length; i++) {
            if (a.conditionHashes[i] == conditionHash) {
                found = true;
                break;
            }
        }
        if (!found) revert ConditionNotAttested(conditionHash);
        if (presented[a.id]) revert Replay(a.id);
        presented[a.id] = true;
        until = a.expiresAt;
        if (until > admittedUntil[msg.sender]) admittedUntil[msg.sender] = until;
        emit Admitted(msg.sender, a.id, until);
    }

    function isAdmitted(address wallet) external view returns (bool) {
        return block.timestamp < admittedUntil[wallet];
    }
}
