"""ModelSerializers giving our answers' shape where it is cheap (README: the differences)."""
import datetime

from django.db import models
from rest_framework import serializers

from shop.models import Order, OrderGroup, OrderItem, User

SEPARATOR = " · "


def money(cents):
    """Integer cents as our wire's decimal string ("1234.50")."""
    sign = "-" if cents < 0 else ""
    cents = abs(cents)
    return f"{sign}{cents // 100}.{cents % 100:02d}"


class Money(serializers.Field):
    def to_representation(self, value):
        return money(value)


class MoneyFields:
    """A ModelSerializer mixin: the integer-cent columns named in `money_fields` written as Money."""

    money_fields = []

    def get_fields(self):
        fields = super().get_fields()
        for name in self.money_fields:
            fields[name] = Money()
        return fields


class Millis(serializers.DateTimeField):
    """Our timestamps: UTC with milliseconds ("2026-12-06T11:34:35.134Z"); DRF's own write microseconds."""

    def to_representation(self, value):
        return value.astimezone(datetime.timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


class ShopSerializer(serializers.ModelSerializer):
    serializer_field_mapping = {**serializers.ModelSerializer.serializer_field_mapping, models.DateTimeField: Millis}


class CompanyName(serializers.Serializer):
    name = serializers.CharField()


class Account(serializers.ModelSerializer):
    full_name = serializers.CharField()

    class Meta:
        model = User
        fields = ["account_type", "full_name"]


class OrderRow(ShopSerializer):
    """A list row: the order with its customer's and company's names (select_related)."""

    customer = serializers.IntegerField(source="customer_id")
    customer_display = serializers.SerializerMethodField()
    account = Account(source="customer")
    company = CompanyName(allow_null=True)
    total_price = Money()

    class Meta:
        model = Order
        fields = [
            "id", "name", "po_number", "status", "customer", "customer_display", "account", "company",
            "created_at", "updated_at", "submitted_at", "verified_at", "completed_at", "shipped_at",
            "cancelled_at", "requested_date", "due_date", "in_editing_mode", "error_count",
            "warning_count", "item_count", "total_price",
        ]

    def get_customer_display(self, order):
        customer, company = order.customer, order.company
        if customer.account_type == "B" and company is not None and company.name:
            return f"{company.name}{SEPARATOR}{customer.full_name}"
        return customer.full_name


class Item(MoneyFields, serializers.ModelSerializer):
    _id = serializers.CharField(source="client_id")
    line_item = serializers.IntegerField(source="line_item_id", allow_null=True)
    line_item_number = serializers.SerializerMethodField()
    finished_side = serializers.IntegerField(source="finished_side_id", allow_null=True)
    parentId = serializers.CharField(source="parent_client_id", allow_null=True)
    money_fields = ["unit_price", "total_price", "final_price", "total_final_price"]

    class Meta:
        model = OrderItem
        fields = [
            "id", "_id", "line_item", "line_item_number", "line_no", "qty", "hinge", "finished_side",
            "is_attachment", "parentId", "manufacturer_code", "description", "base_category", "width",
            "height", "depth", "nb_door", "nb_drawer", "nb_shelf", "finish", "unit_price",
            "total_price", "final_price", "total_final_price", "breakdown",
        ]

    def get_line_item_number(self, item):
        # 1-based across the order's groups, as they are shown (the view numbers them in order).
        return self.context["line_numbers"][item.id]


PREMIUM_KINDS = ["wood_species", "finish_option", "base_door_style", "wall_door_style", "tall_door_style", "drawer_style"]


class Group(serializers.ModelSerializer):
    premiums = serializers.SerializerMethodField()
    items = Item(many=True)
    subtotal = Money()

    class Meta:
        model = OrderGroup
        fields = ["id", "name", "premiums", "items", "errors", "warnings", "subtotal"]

    def get_premiums(self, group):
        return {kind: getattr(group, f"{kind}_id") for kind in PREMIUM_KINDS}


MONEY_COLUMNS = [
    "subtotal", "customer_discount_amount", "total_after_customer_discount", "order_discount",
    "total_after_discount", "surcharge", "payment_option_discount", "total_before_tax",
    "sales_tax_amount", "total_after_tax",
]


class OrderDetail(MoneyFields, OrderRow):
    groups = Group(many=True)
    customer_payment_option = serializers.IntegerField(source="customer_payment_option_id", allow_null=True)
    # Percent with two decimals kept as hundredths, as ours writes it ("8.25").
    sales_tax_in_percentage = Money()
    money_fields = MONEY_COLUMNS

    class Meta(OrderRow.Meta):
        fields = OrderRow.Meta.fields + [
            "version", "custom_discount_amount", "custom_discount_percentage", "custom_discount_notes",
            "customer_payment_option", *MONEY_COLUMNS, "sales_tax_in_percentage", "bypass_payment_option_discount", "metadata",
            "completion_preference", "job_priority", "shipping_method", "billing_address",
            "shipping_address", "delivery_notes", "delivery_contact_name", "delivery_contact_phone",
            "payment_method", "groups",
        ]


class LateRow(OrderRow):
    days_late = serializers.SerializerMethodField()

    class Meta(OrderRow.Meta):
        fields = [
            "id", "name", "po_number", "status", "customer", "customer_display", "submitted_at",
            "verified_at", "completed_at", "shipped_at", "requested_date", "due_date", "item_count",
            "total_price", "days_late",
        ]

    def get_days_late(self, order):
        return (datetime.date.today() - order.due_date).days


class Me(serializers.ModelSerializer):
    full_name = serializers.CharField()
    company = CompanyName(allow_null=True)

    class Meta:
        model = User
        fields = [
            "id", "email", "first_name", "last_name", "full_name", "account_type", "is_staff",
            "is_employee", "is_manager", "is_superuser", "require_password_reset", "company",
        ]
