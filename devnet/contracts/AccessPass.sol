// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";

/// @notice The service's access pass: a non-transferable ERC-721. Holders of MINTER_ROLE mint the next
/// id to a wallet; a wallet holds at most one pass (a second mint to it returns its existing id, so
/// a retried mint is harmless). Transfers and approvals revert; the pass cannot be burnt.
contract AccessPass is ERC721, AccessControl {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");

    uint256 private _nextId = 1;
    mapping(address => uint256) public passOf;

    event PassMinted(address indexed holder, uint256 indexed tokenId);

    constructor(address admin) ERC721("Wallet State Access Pass", "WSPASS") {
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
    }

    function mint(address to) external onlyRole(MINTER_ROLE) returns (uint256 tokenId) {
        tokenId = passOf[to];
        if (tokenId != 0) return tokenId;
        tokenId = _nextId++;
        passOf[to] = tokenId;
        _mint(to, tokenId);
        emit PassMinted(to, tokenId);
    }

    function approve(address, uint256) public pure override {
        revert("AccessPass: non-transferable");
    }

    function setApprovalForAll(address, bool) public pure override {
        revert("AccessPass: non-transferable");
    }

    function _update(address to, uint256 tokenId, address auth) internal override returns (address) {
        address from = _ownerOf(tokenId);
        require(from == address(0), "AccessPass: non-transferable");
        return super._update(to, tokenId, auth);
    }

    function supportsInterface(bytes4 interfaceId) public view override(ERC721, AccessControl) returns (bool) {
        return super.supportsInterface(interfaceId);
    }
}
