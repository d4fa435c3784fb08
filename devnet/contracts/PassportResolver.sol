// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IEAS} from "@ethereum-attestation-service/eas-contracts/contracts/IEAS.sol";
import {Attestation} from "@ethereum-attestation-service/eas-contracts/contracts/Common.sol";
import {SchemaResolver} from "@ethereum-attestation-service/eas-contracts/contracts/resolver/SchemaResolver.sol";

/// @notice Stands at Human Passport's schema resolver address (the GitcoinResolver on OP Mainnet)
/// with the lookup the service reads from it. Like the production resolver, it records the uid of
/// every attestation EAS routes through it under (recipient, schema), so the entry is the latest
/// attestation of that schema for that recipient, and it clears the entry when EAS revokes an
/// attestation of that (recipient, schema).
///
/// Reads: `getUserAttestation(address user, bytes32 schema) returns (bytes32)` (selector
/// 0x79300e56) and the public mapping getter `userAttestations(address,bytes32)` (0xd757e575);
/// both answer 0 when nothing is recorded.
///
/// Not like production: every attester is accepted (the production resolver reverts for any
/// attester but Human Passport's attester), so the devnet can build a wrong-attester case; and the
/// owner may file any uid under any key (`setUserAttestation`), which builds the recipient-mismatch
/// and wrong-schema cases. The mapping is at storage slot 0.
contract PassportResolver is SchemaResolver {
    address private immutable _owner;

    /// @notice The latest attestation uid per recipient and schema; 0 when none or revoked.
    mapping(address user => mapping(bytes32 schema => bytes32 uid)) public userAttestations;

    error NotOwner();

    constructor(IEAS eas, address owner_) SchemaResolver(eas) {
        _owner = owner_;
    }

    function owner() external view returns (address) {
        return _owner;
    }

    function getUserAttestation(address user, bytes32 schema) external view returns (bytes32) {
        return userAttestations[user][schema];
    }

    /// @notice Files `uid` under (user, schema) whatever the attestation is. Owner only.
    function setUserAttestation(address user, bytes32 schema, bytes32 uid) external {
        if (msg.sender != _owner) revert NotOwner();
        userAttestations[user][schema] = uid;
    }

    function onAttest(Attestation calldata attestation, uint256) internal override returns (bool) {
        userAttestations[attestation.recipient][attestation.schema] = attestation.uid;
        return true;
    }

    /// @dev As in production, revoking clears the (recipient, schema) entry, whichever uid it holds.
    function onRevoke(Attestation calldata attestation, uint256) internal override returns (bool) {
        delete userAttestations[attestation.recipient][attestation.schema];
        return true;
    }
}
