"""Our tables as Django sees them: unmanaged (no migrations), only the columns the peer reads or shows."""
from django.db import models


class Company(models.Model):
    name = models.TextField()

    class Meta:
        managed = False
        db_table = "companies"


class User(models.Model):
    email = models.TextField(unique=True)
    first_name = models.TextField()
    last_name = models.TextField()
    account_type = models.TextField(null=True)
    is_staff = models.BooleanField()
    is_employee = models.BooleanField()
    is_manager = models.BooleanField()
    is_superuser = models.BooleanField()
    is_active = models.BooleanField()
    require_password_reset = models.BooleanField()
    company = models.ForeignKey(Company, null=True, on_delete=models.DO_NOTHING, related_name="users")
    created_at = models.DateTimeField()
    last_login_at = models.DateTimeField(null=True)
    phone = models.TextField()
    tax_exempt = models.BooleanField()
    spending_limit = models.IntegerField(null=True)
    monthly_spending_limit = models.IntegerField(null=True)

    # What DRF's IsAuthenticated asks of request.user.
    is_authenticated = True

    class Meta:
        managed = False
        db_table = "users"

    @property
    def full_name(self):
        return f"{self.first_name} {self.last_name}".strip()


class Order(models.Model):
    name = models.TextField()
    po_number = models.TextField(null=True)
    status = models.TextField()
    version = models.IntegerField()
    customer = models.ForeignKey(User, on_delete=models.DO_NOTHING, related_name="orders")
    company = models.ForeignKey(Company, null=True, on_delete=models.DO_NOTHING, related_name="orders")
    in_editing_mode = models.BooleanField()
    error_count = models.IntegerField()
    warning_count = models.IntegerField()
    item_count = models.IntegerField()
    custom_discount_notes = models.TextField()
    bypass_payment_option_discount = models.BooleanField()
    custom_discount_amount = models.IntegerField(null=True)
    custom_discount_percentage = models.IntegerField(null=True)
    customer_payment_option_id = models.IntegerField(null=True)
    subtotal = models.BigIntegerField()
    customer_discount_amount = models.BigIntegerField()
    total_after_customer_discount = models.BigIntegerField()
    order_discount = models.BigIntegerField()
    total_after_discount = models.BigIntegerField()
    surcharge = models.BigIntegerField()
    payment_option_discount = models.BigIntegerField()
    total_before_tax = models.BigIntegerField()
    sales_tax_in_percentage = models.IntegerField()
    sales_tax_amount = models.BigIntegerField()
    total_after_tax = models.BigIntegerField()
    total_price = models.BigIntegerField()
    requested_date = models.DateField(null=True)
    due_date = models.DateField(null=True)
    completion_preference = models.TextField(null=True)
    job_priority = models.TextField(null=True)
    shipping_method = models.TextField(null=True)
    billing_address = models.JSONField(null=True)
    shipping_address = models.JSONField(null=True)
    delivery_notes = models.TextField()
    delivery_contact_name = models.TextField()
    delivery_contact_phone = models.TextField()
    payment_method = models.TextField(null=True)
    metadata = models.JSONField()
    created_at = models.DateTimeField()
    updated_at = models.DateTimeField()
    submitted_at = models.DateTimeField(null=True)
    verified_at = models.DateTimeField(null=True)
    completed_at = models.DateTimeField(null=True)
    shipped_at = models.DateTimeField(null=True)
    cancelled_at = models.DateTimeField(null=True)

    class Meta:
        managed = False
        db_table = "orders"


class OrderGroup(models.Model):
    order = models.ForeignKey(Order, on_delete=models.DO_NOTHING, related_name="groups")
    position = models.IntegerField()
    name = models.TextField()
    wood_species_id = models.IntegerField(null=True)
    finish_option_id = models.IntegerField(null=True)
    base_door_style_id = models.IntegerField(null=True)
    wall_door_style_id = models.IntegerField(null=True)
    tall_door_style_id = models.IntegerField(null=True)
    drawer_style_id = models.IntegerField(null=True)
    errors = models.JSONField()
    warnings = models.JSONField()
    subtotal = models.BigIntegerField()

    class Meta:
        managed = False
        db_table = "order_groups"


class OrderItem(models.Model):
    order = models.ForeignKey(Order, on_delete=models.DO_NOTHING, related_name="items")
    group = models.ForeignKey(OrderGroup, on_delete=models.DO_NOTHING, related_name="items")
    position = models.IntegerField()
    client_id = models.TextField()
    parent_client_id = models.TextField(null=True)
    is_attachment = models.BooleanField()
    line_item_id = models.IntegerField(null=True)
    line_no = models.IntegerField()
    qty = models.IntegerField()
    hinge = models.TextField(null=True)
    finished_side_id = models.IntegerField(null=True)
    manufacturer_code = models.TextField()
    description = models.TextField()
    base_category = models.TextField(null=True)
    width = models.FloatField(null=True)
    height = models.FloatField(null=True)
    depth = models.FloatField(null=True)
    nb_door = models.IntegerField()
    nb_drawer = models.IntegerField()
    nb_shelf = models.IntegerField()
    finish = models.TextField()
    unit_price = models.IntegerField()
    total_price = models.BigIntegerField()
    final_price = models.IntegerField()
    total_final_price = models.BigIntegerField()
    breakdown = models.JSONField()

    class Meta:
        managed = False
        db_table = "order_items"
