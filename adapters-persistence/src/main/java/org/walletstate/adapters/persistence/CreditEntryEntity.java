package org.walletstate.adapters.persistence;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * A row of the append-only {@code credit_entry} ledger. Never leaves this module.
 *
 * <p>Its column mappings have the shape of {@link ApiKeyEntity}'s by design: each entity maps its
 * own table's columns, one annotated field each.
 */
@Entity
@Table(name = "credit_entry")
public class CreditEntryEntity extends PanacheEntityBase {

  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  public Long id;

  @Column(name = "api_key_id", nullable = false)
  public long apiKeyId;

  @Column(name = "kind", nullable = false)
  public String kind;

  @Column(name = "amount", nullable = false)
  public long amount;

  @Column(name = "reason", nullable = false)
  public String reason;

  @Column(name = "request_id")
  public String requestId;

  @Column(name = "idempotency_key")
  public String idempotencyKey;

  @Column(name = "refund_of")
  public Long refundOf;

  @Column(name = "created_at", nullable = false)
  public Instant createdAt;
}
