// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";

/// @notice ERC-721 collection; only the deployer mints, with explicit token ids.
contract DevCollection is ERC721 {
    address private immutable _minter;

    constructor(string memory name_, string memory symbol_) ERC721(name_, symbol_) {
        _minter = msg.sender;
    }

    function mint(address to, uint256 tokenId) external {
        require(msg.sender == _minter, "DevCollection: not minter");
        _safeMint(to, tokenId);
    }
}
