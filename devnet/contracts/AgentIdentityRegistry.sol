// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {ERC721URIStorage} from "@openzeppelin/contracts/token/ERC721/extensions/ERC721URIStorage.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";

/// @notice ERC-8004 style identity registry with the observable behaviour of the production one:
/// token "AgentIdentity"/"AGENT", agent ids from 0, `register` binds the agent wallet to the caller,
/// `setAgentWallet` needs the new wallet's EIP-712 signature ("ERC8004IdentityRegistry", "1") over
/// AgentWalletSet(uint256 agentId,address newWallet,address owner,uint256 deadline) with a deadline at
/// most five minutes ahead, `getAgentWallet` reverts for a missing agent, a transfer clears the binding.
contract AgentIdentityRegistry is ERC721URIStorage, EIP712 {
    bytes32 private constant AGENT_WALLET_SET_TYPEHASH =
        keccak256("AgentWalletSet(uint256 agentId,address newWallet,address owner,uint256 deadline)");
    uint256 private constant MAX_DEADLINE_DELAY = 5 minutes;

    uint256 private _nextId;
    mapping(uint256 agentId => address wallet) private _agentWallet;

    event Registered(uint256 indexed agentId, string agentURI, address indexed owner);
    event AgentWalletBound(uint256 indexed agentId, address wallet);

    constructor() ERC721("AgentIdentity", "AGENT") EIP712("ERC8004IdentityRegistry", "1") {}

    function register(string memory agentURI) external returns (uint256 agentId) {
        agentId = _nextId++;
        _agentWallet[agentId] = msg.sender;
        _safeMint(msg.sender, agentId);
        _setTokenURI(agentId, agentURI);
        emit Registered(agentId, agentURI, msg.sender);
    }

    function getAgentWallet(uint256 agentId) external view returns (address) {
        _requireOwned(agentId);
        return _agentWallet[agentId];
    }

    function setAgentWallet(uint256 agentId, address newWallet, uint256 deadline, bytes calldata signature)
        external
    {
        require(newWallet != address(0), "bad wallet");
        require(block.timestamp <= deadline, "expired");
        require(deadline <= block.timestamp + MAX_DEADLINE_DELAY, "deadline too far");
        address owner = ownerOf(agentId);
        require(
            msg.sender == owner || isApprovedForAll(owner, msg.sender) || msg.sender == getApproved(agentId),
            "Not authorized"
        );
        bytes32 digest =
            _hashTypedDataV4(keccak256(abi.encode(AGENT_WALLET_SET_TYPEHASH, agentId, newWallet, owner, deadline)));
        require(SignatureChecker.isValidSignatureNow(newWallet, digest, signature), "invalid wallet sig");
        _agentWallet[agentId] = newWallet;
        emit AgentWalletBound(agentId, newWallet);
    }

    function _update(address to, uint256 tokenId, address auth) internal override returns (address from) {
        from = super._update(to, tokenId, auth);
        if (from != address(0) && to != address(0)) {
            delete _agentWallet[tokenId];
            emit AgentWalletBound(tokenId, address(0));
        }
    }
}
