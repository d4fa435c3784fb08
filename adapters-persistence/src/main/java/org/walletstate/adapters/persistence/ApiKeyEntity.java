package org.walletstate.adapters.persistence;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A row of {@code api_key}. Never leaves this module. */
@Entity
@Table(name = "api_key")
public class ApiKeyEntity extends PanacheEntityBase {

  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  public Long id;

  // One annotated field per column, as in CreditEntryEntity, by design: each entity maps its own
  // table.
  @Column(name = "key_hash", nullable = false, length = 64)
  public String keyHash;

  @Column(name = "email")
  public String email;

  @Column(name = "app_name", nullable = false)
  public String appName;

  @Column(name = "plan", nullable = false)
  public String plan;

  @Column(name = "key_version", nullable = false)
  public short keyVersion;

  @Column(name = "daily_limit", nullable = false)
  public int dailyLimit;

  @Column(name = "credits", nullable = false)
  public long credits;

  @Column(name = "created_at", nullable = false)
  public Instant createdAt;
}
