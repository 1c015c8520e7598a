// SPDX-License-Identifier: MIT
// Test-only contracts for vellum's payment tests: a token (with EIP-3009), a Transfer forger and an ERC-1271
// wallet. Compiled by compile.ts into artifacts.json,
// which is committed so the tests need no compiler at run time. Never deploy these anywhere real:
// anyone can mint.
pragma solidity ^0.8.24;

/// A 6-decimal ERC-20 put at the real Base USDC address on anvil (anvil_setCode), so the service
/// reads it exactly as it would read USDC. Storage starts empty there, so everything the tests
/// need before the first mint (name, symbol, decimals) is a constant baked into the runtime code.
contract TestUsdc {
    string public constant name = "USD Coin";
    string public constant symbol = "USDC";
    uint8 public constant decimals = 6;

    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    // EIP-3009 (transferWithAuthorization) with USDC's EIP-712 domain: name "USD Coin", version
    // "2", the chain id and this contract's address (the Base USDC address on anvil). The domain
    // separator is computed on every call because anvil_setCode leaves no constructor-set storage.
    string public constant version = "2";
    bytes32 public constant TRANSFER_WITH_AUTHORIZATION_TYPEHASH =
        keccak256("TransferWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)");
    bytes32 private constant EIP712_DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    mapping(address => mapping(bytes32 => bool)) private _authorizationStates;

    event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce);

    function DOMAIN_SEPARATOR() public view returns (bytes32) {
        return keccak256(abi.encode(EIP712_DOMAIN_TYPEHASH, keccak256(bytes(name)), keccak256(bytes(version)), block.chainid, address(this)));
    }

    /// Whether `nonce` of `authorizer` was used (as FiatTokenV2's authorizationState).
    function authorizationState(address authorizer, bytes32 nonce) external view returns (bool) {
        return _authorizationStates[authorizer][nonce];
    }

    /// The v, r, s form (what an EOA's 65-byte signature splits into).
    function transferWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external {
        _requireValidAuthorization(from, nonce, validAfter, validBefore);
        bytes32 digest = _authorizationDigest(from, to, value, validAfter, validBefore, nonce);
        require(_recover(digest, v, r, s) == from, "FiatTokenV2: invalid signature");
        _useAuthorization(from, nonce);
        _transfer(from, to, value);
    }

    /// The bytes form (USDC v2.2): a 65-byte ECDSA signature, or ERC-1271 when `from` is a contract.
    function transferWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        bytes memory signature
    ) external {
        _requireValidAuthorization(from, nonce, validAfter, validBefore);
        bytes32 digest = _authorizationDigest(from, to, value, validAfter, validBefore, nonce);
        require(_isValidSignatureNow(from, digest, signature), "FiatTokenV2: invalid signature");
        _useAuthorization(from, nonce);
        _transfer(from, to, value);
    }

    function _requireValidAuthorization(address from, bytes32 nonce, uint256 validAfter, uint256 validBefore) private view {
        require(block.timestamp > validAfter, "FiatTokenV2: authorization is not yet valid");
        require(block.timestamp < validBefore, "FiatTokenV2: authorization is expired");
        require(!_authorizationStates[from][nonce], "FiatTokenV2: authorization is used or canceled");
    }

    function _useAuthorization(address from, bytes32 nonce) private {
        _authorizationStates[from][nonce] = true;
        emit AuthorizationUsed(from, nonce);
    }

    function _authorizationDigest(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce)
        private
        view
        returns (bytes32)
    {
        bytes32 structHash = keccak256(abi.encode(TRANSFER_WITH_AUTHORIZATION_TYPEHASH, from, to, value, validAfter, validBefore, nonce));
        return keccak256(abi.encodePacked("\x19\x01", DOMAIN_SEPARATOR(), structHash));
    }

    function _recover(bytes32 digest, uint8 v, bytes32 r, bytes32 s) private pure returns (address) {
        if (uint256(s) > 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0) return address(0);
        if (v != 27 && v != 28) return address(0);
        return ecrecover(digest, v, r, s);
    }

    function _isValidSignatureNow(address signer, bytes32 digest, bytes memory signature) private view returns (bool) {
        if (signer.code.length == 0) {
            if (signature.length != 65) return false;
            bytes32 r;
            bytes32 s;
            uint8 v;
            assembly {
                r := mload(add(signature, 0x20))
                s := mload(add(signature, 0x40))
                v := byte(0, mload(add(signature, 0x60)))
            }
            address recovered = _recover(digest, v, r, s);
            return recovered != address(0) && recovered == signer;
        }
        (bool ok, bytes memory ret) = signer.staticcall(abi.encodeWithSignature("isValidSignature(bytes32,bytes)", digest, signature));
        return ok && ret.length >= 32 && abi.decode(ret, (bytes4)) == bytes4(0x1626ba7e);
    }

    /// Anyone may mint: this token only exists on a throwaway test chain.
    function mint(address to, uint256 amount) external {
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        _spendAllowance(from, amount);
        _transfer(from, to, amount);
        return true;
    }

    /// Several transfers from the caller in one transaction (one Transfer log each).
    function batchTransfer(address[] calldata to, uint256[] calldata amounts) external returns (bool) {
        require(to.length == amounts.length, "TestUsdc: length mismatch");
        for (uint256 i = 0; i < to.length; i++) {
            _transfer(msg.sender, to[i], amounts[i]);
        }
        return true;
    }

    /// Several transfers from several approved senders in one transaction, so one transaction
    /// can carry transfers to the treasury from more than one payer.
    function batchTransferFrom(address[] calldata from, address[] calldata to, uint256[] calldata amounts)
        external
        returns (bool)
    {
        require(from.length == to.length && to.length == amounts.length, "TestUsdc: length mismatch");
        for (uint256 i = 0; i < to.length; i++) {
            _spendAllowance(from[i], amounts[i]);
            _transfer(from[i], to[i], amounts[i]);
        }
        return true;
    }

    /// Makes a real transfer, then reverts the whole transaction: the mined receipt has status
    /// reverted and no logs, which the verifier must refuse.
    function transferThenRevert(address to, uint256 amount) external {
        _transfer(msg.sender, to, amount);
        revert("TestUsdc: forced revert");
    }

    function _spendAllowance(address from, uint256 amount) private {
        if (from != msg.sender) {
            require(allowance[from][msg.sender] >= amount, "TestUsdc: allowance");
            allowance[from][msg.sender] -= amount;
        }
    }

    function _transfer(address from, address to, uint256 amount) private {
        require(balanceOf[from] >= amount, "TestUsdc: balance");
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}

/// Emits a Transfer event with the same signature as USDC's from a different contract: the
/// verifier must ignore it, because only logs emitted by the configured USDC contract count.
contract TransferForger {
    event Transfer(address indexed from, address indexed to, uint256 value);

    function forge(address from, address to, uint256 value) external {
        emit Transfer(from, to, value);
    }
}

/// A minimal smart-contract wallet: pays with the token on its owner's order and validates
/// signatures by ERC-1271 (valid when the owner signed the hash), so the tests can check that
/// a contract wallet can pay and prove it is the payer.
contract TestWallet {
    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }

    function pay(address token, address to, uint256 amount) external {
        require(msg.sender == owner, "TestWallet: not owner");
        (bool ok, bytes memory ret) = token.call(abi.encodeWithSignature("transfer(address,uint256)", to, amount));
        require(ok && (ret.length == 0 || abi.decode(ret, (bool))), "TestWallet: transfer failed");
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return 0xffffffff;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        return ecrecover(hash, v, r, s) == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
    }
}
